import Foundation
import IncantPhrases

/// Where the command-line tool's files are and what its configuration file says, resolved once
/// per process and passed down to the libraries as plain paths and values.
enum Settings {
    /// The XDG and `INCANT_*` paths of this process's environment.
    static let paths = IncantPaths()

    /// `$XDG_CONFIG_HOME/incant/config.yaml`, read the first time a command needs it. A file
    /// with errors prints each one (file:line and the key) and ends the command with exit
    /// status 78 (EX_CONFIG): no command runs with half a configuration.
    static let configuration: IncantConfiguration = {
        do {
            return try IncantConfiguration(contentsOf: paths.configFile, paths: paths)
        } catch let error as DefinitionError {
            for diagnostic in error.diagnostics { StandardError.print(diagnostic.description) }
            exit(
                with: CommandFailure(
                    message: "invalid configuration file \(paths.configFile) (keys: "
                        + IncantConfiguration.keys.joined(separator: ", ") + ")",
                    status: ExitStatus.configuration))
        } catch {
            exit(with: CommandFailure(message: "\(paths.configFile): \(error)", status: ExitStatus.configuration))
        }
    }()
}

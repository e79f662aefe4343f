import ArgumentParser
import Foundation
import IncantPhrases

/// `incant init`: the first-run setup, an example shortcut set and a commented configuration
/// file in `$XDG_CONFIG_HOME/incant`. Nothing that exists is overwritten.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create your shortcuts folder with an example shortcut set, and a configuration file.",
        discussion: """
            Writes $XDG_CONFIG_HOME/incant/shortcuts/example.yaml (three commented example shortcuts) \
            and $XDG_CONFIG_HOME/incant/config.yaml (every setting commented out), then prints what to \
            do next. A file or folder that already exists is left as it is.
            """)

    func run() async throws {
        try await withExitStatus {
            let paths = Settings.paths
            var created: [String] = []
            var kept: [String] = []
            if FileManager.default.fileExists(atPath: paths.shortcuts) {
                kept.append(paths.shortcuts)
            } else {
                let example = paths.shortcuts + "/example.yaml"
                try write(StarterFiles.exampleShortcuts, to: example)
                created.append(example)
            }
            if FileManager.default.fileExists(atPath: paths.configFile) {
                kept.append(paths.configFile)
            } else {
                try write(StarterFiles.configuration, to: paths.configFile)
                created.append(paths.configFile)
            }
            for path in created { print("created \(path)") }
            for path in kept { print("kept \(path) (it exists; nothing changed)") }
            print(
                """

                Next:
                  incant shortcuts list                  # the shortcuts you have
                  incant simulate "say hello"            # try one by typing, no microphone needed
                  incant listen                          # say "say hello" (Ctrl-C stops)
                Add your own shortcuts to \(paths.shortcuts) (any *.yaml file there),
                check them with `incant shortcuts check`, and set defaults in \(paths.configFile).
                """)
        }
    }

    /// Writes `text` to `path` atomically, creating its folder (owner-only, like the phrase store).
    private func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(Data(text.utf8), to: path, mode: 0o644)
        } catch {
            throw CommandFailure(message: "cannot create \(path): \(error)", status: ExitStatus.io)
        }
    }
}

import Foundation
import IncantPhrases

/// The handler problems `shortcuts check` reports before anything runs: a `run` program that
/// does not exist, is not executable, or is not found in `PATH` (errors), and an `http`
/// handler's token file that cannot be read (a warning: it may be written later).
public enum HandlerCheck {
    /// One diagnostic per stage (confirm, handle) of `shortcut` whose program cannot be run.
    /// Programs named through a `{param}` placeholder are only known at run time and are not
    /// checked. `~` in a program path is `homeDirectory`, as when it runs.
    public static func diagnostics(
        of shortcut: ShortcutDefinition, homeDirectory: String,
        searchPath: String? = IncantPaths().searchPath
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (stage, handler) in [("confirm", shortcut.confirm), ("handle", shortcut.handle)] {
            if case .http(let request)? = handler, case .file(let path, let baseDirectory)? = request.token {
                let resolved = TokenReader.resolve(path, baseDirectory: baseDirectory, homeDirectory: homeDirectory)
                if !FileManager.default.isReadableFile(atPath: resolved) {
                    diagnostics.append(
                        Diagnostic(
                            .warning, shortcut.location,
                            "'\(shortcut.id)' \(stage): token file \(resolved) does not exist or cannot be read"))
                }
                continue
            }
            guard case .run(let arguments, _, let workingDirectory)? = handler,
                let program = arguments.first, !program.contains("{")
            else { continue }
            do {
                _ = try ProgramResolver.resolve(
                    program, workingDirectory: workingDirectory, homeDirectory: homeDirectory, searchPath: searchPath)
            } catch {
                diagnostics.append(Diagnostic(.error, shortcut.location, "'\(shortcut.id)' \(stage): \(error)"))
            }
        }
        return diagnostics
    }
}

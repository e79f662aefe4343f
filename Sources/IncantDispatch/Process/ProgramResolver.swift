import Foundation
import IncantPhrases
import IncantProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the program named by a handler into an absolute path, the way definitions mean it:
/// a path containing a slash is relative to the definition's folder, a bare name is looked up
/// in `PATH`. Nothing is ever interpreted by a shell.
enum ProgramResolver {
    /// The absolute path of `program`, or an error naming the path that is missing or not
    /// executable. A leading `~` is `homeDirectory`.
    static func resolve(
        _ program: String,
        workingDirectory: String?,
        homeDirectory: String,
        searchPath: String? = IncantPaths().searchPath
    ) throws(ProcessLaunchError) -> String {
        guard !program.isEmpty else {
            throw ProcessLaunchError("the handler names no program to run")
        }
        guard program.contains("/") else {
            let directories = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
            for directory in directories where directory.hasPrefix("/") {
                let candidate = directory + "/" + program
                if isExecutableFile(candidate) { return candidate }
            }
            throw ProcessLaunchError("handler program '\(program)' not found in PATH")
        }
        let path = absolutePath(program, relativeTo: workingDirectory, homeDirectory: homeDirectory)
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ProcessLaunchError("handler program '\(path)' does not exist")
        }
        guard isExecutableFile(path) else {
            throw ProcessLaunchError("handler program '\(path)' is not executable")
        }
        return path
    }

    /// `path` made absolute: `~/` is `homeDirectory` (by default `$HOME`), and a relative path
    /// is taken relative to `directory` (itself made absolute against the current directory).
    static func absolutePath(
        _ path: String, relativeTo directory: String? = nil, homeDirectory: String = IncantPaths().home
    ) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") {
            return homeDirectory + path.dropFirst()
        }
        let base =
            directory.map { absolutePath($0, homeDirectory: homeDirectory) } ?? FileManager.default.currentDirectoryPath
        // Drop `.` components so messages show `/defs/pizzeria`, not `/defs/./pizzeria`;
        // `..` is kept, as resolving it without the file system would ignore symbolic links.
        let components = (base + "/" + path).split(separator: "/").filter { $0 != "." }
        return "/" + components.joined(separator: "/")
    }

    /// Whether `path` is a regular file we may execute (a directory's execute bit does not count).
    static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, access(path, X_OK) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFREG
    }
}

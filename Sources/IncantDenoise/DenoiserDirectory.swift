import Foundation

/// Finds the folder `scripts/setup-denoisers.sh` installs the denoisers' libraries into.
///
/// In order: the configured folder (`$INCANT_DENOISE_DIR`, which `IncantPaths.denoiserDirectory`
/// reads); the nearest `vendor/denoise` holding `installed.txt` above the running executable (a
/// source checkout, its tests and benchmarks); then `/usr/local/lib/incant/denoise` and
/// `/usr/lib/incant/denoise`.
public enum DenoiserDirectory {
    /// The environment variable that names the folder (read by `IncantPaths`).
    public static let environmentKey = "INCANT_DENOISE_DIR"

    /// - Parameters:
    ///   - directory: the configured folder, used when set; it must exist.
    ///   - executable: the program whose checkout is searched for `vendor/denoise`.
    /// - Throws: ``DenoiseError/missingFile(_:)`` for a configured folder that does not exist,
    ///   ``DenoiseError/notInstalled(searched:)`` naming every folder searched.
    public static func locate(
        directory: String? = nil,
        executable: String = runningExecutable()
    ) throws(DenoiseError) -> String {
        if let explicit = directory, !explicit.isEmpty {
            guard FileManager.default.fileExists(atPath: explicit) else { throw .missingFile(explicit) }
            return explicit
        }
        var searched: [String] = []
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while true {
            let candidate = directory.appendingPathComponent("vendor/denoise").path
            if FileManager.default.fileExists(atPath: candidate + "/installed.txt") { return candidate }
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                searched.append(candidate)
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        for candidate in ["/usr/local/lib/incant/denoise", "/usr/lib/incant/denoise"] {
            if FileManager.default.fileExists(atPath: candidate + "/installed.txt") { return candidate }
            searched.append(candidate)
        }
        throw .notInstalled(searched: searched + ["$\(environmentKey)"])
    }

    /// The running executable's path, symbolic links resolved.
    public static func runningExecutable() -> String {
        let proc = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        if proc != "/proc/self/exe" { return proc }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    }
}

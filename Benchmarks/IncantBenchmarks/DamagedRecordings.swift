import Foundation

/// Recordings whose FLAC stream does not decode whole, left out of the benchmarks by name.
///
/// Some of the shared wake-word FLAC files are damaged: `flac --test` stops at a lost frame
/// sync and their checksum does not match. sox still writes out what it could read and exits
/// with status 0, so without this check such a file reached the benchmarks as a burst of
/// noise and digital silence, and counted as a recording of the phrase that was missed.
enum DamagedRecordings {
    /// The names (as given) among `names` in `folder` that are FLAC files failing `flac --test`.
    ///
    /// - Throws: when the `flac` program cannot be run (Debian's `flac` package,
    ///   `scripts/setup.sh`).
    private static func among(_ names: [String], in folder: String) throws -> Set<String> {
        var damaged: Set<String> = []
        for name in names where name.hasSuffix(".flac") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["flac", "--test", "--silent", folder + "/" + name]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                throw BenchmarkError(
                    "cannot run flac to check \(folder)/\(name): \(error) (scripts/setup.sh installs it)")
            }
            process.waitUntilExit()
            // env's own status for a program it cannot find.
            if process.terminationStatus == 127 {
                throw BenchmarkError("flac is not installed, needed to check \(folder)/\(name) (scripts/setup.sh)")
            }
            if process.terminationStatus != 0 { damaged.insert(name) }
        }
        return damaged
    }

    /// `names` without the damaged ones, telling standard error which were left out.
    static func leftOut(of names: [String], in folder: String) throws -> [String] {
        let damaged = try among(names, in: folder)
        guard !damaged.isEmpty else { return names }
        let listed = damaged.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        FileHandle.standardError.write(
            Data(
                "left out \(damaged.count) of \(names.count) recordings in \(folder) whose FLAC does not decode (flac --test): \(listed.joined(separator: ", "))\n"
                    .utf8))
        return names.filter { !damaged.contains($0) }
    }
}

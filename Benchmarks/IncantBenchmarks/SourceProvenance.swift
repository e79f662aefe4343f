import Foundation

/// The commit the benchmark ran at and whether library sources had uncommitted changes (other
/// work in progress, built into the binary), so a report says what it measured.
struct SourceProvenance: CustomStringConvertible {
    let root: String

    var description: String {
        let commit = git(["rev-parse", "--short", "HEAD"]) ?? "unknown commit"
        let changed = git(["status", "--porcelain", "--", "Sources"])?.split(separator: "\n").count ?? 0
        return changed == 0
            ? "commit \(commit)"
            : "commit \(commit) plus uncommitted changes to \(changed) files under Sources/ (working tree when run)"
    }

    func git(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", root] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

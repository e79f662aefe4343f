import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh temporary directory for one test, holding handler scripts and what they write.
struct ScratchDirectory: Sendable {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory.path + "/incant-dispatch-tests-"
            + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes an executable `#!/bin/sh` script called `name` and returns its path.
    @discardableResult
    func script(_ name: String, _ body: String, executable: Bool = true) throws -> String {
        let file = path + "/" + name
        try ("#!/bin/sh\n" + body + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        if executable {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
        }
        return file
    }

    /// The contents of `name` in this directory, or `nil` when it does not exist.
    func contents(of name: String) -> Data? {
        FileManager.default.contents(atPath: path + "/" + name)
    }

    /// Whether `name` exists in this directory.
    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + name)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Whether process `pid` is alive: it exists and is not a zombie waiting to be reaped.
func processIsAlive(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return true }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1)
    return state != "Z" && state != "X"
}

/// Waits up to `limit` for `pid` to die; returns whether it did.
func waitForDeath(of pid: pid_t, within limit: Duration = .seconds(3)) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while processIsAlive(pid) {
        if ContinuousClock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return true
}

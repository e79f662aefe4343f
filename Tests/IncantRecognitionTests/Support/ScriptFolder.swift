import Foundation

/// A fresh temporary folder of `#!/bin/sh` programs standing in for espeak-ng or SphinxTrain's
/// tools in one test; ``remove()`` deletes it.
struct ScriptFolder {
    let url: URL
    var path: String { url.path }

    init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes the executable program `name` running `body` and returns its path.
    @discardableResult
    func program(_ name: String, _ body: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

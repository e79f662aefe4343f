import Foundation
import IncantPhrases

/// Reading an `http` handler's token, at the time of each request, from its file or variable.
enum TokenReader {
    /// The most a token file may hold.
    static let fileLimit = 64 * 1024

    /// The token from `source`, surrounding white space dropped; throws a ``HTTPHandlerFailure``
    /// naming the file or variable when it is missing, empty, too large or holds a line break
    /// or control character. The token itself never appears in a reason.
    static func token(
        from source: TokenSource, environment: [String: String], homeDirectory: String
    ) throws(HTTPHandlerFailure) -> String {
        let raw: String
        let origin: String
        switch source {
        case .environment(let name):
            origin = "environment variable \(name)"
            guard let value = environment[name] else { throw HTTPHandlerFailure("no token: \(origin) is not set") }
            raw = value
        case .file(let path, let baseDirectory):
            let resolved = resolve(path, baseDirectory: baseDirectory, homeDirectory: homeDirectory)
            origin = "token file \(resolved)"
            guard let handle = FileHandle(forReadingAtPath: resolved) else {
                let why = FileManager.default.fileExists(atPath: resolved) ? "cannot be read" : "does not exist"
                throw HTTPHandlerFailure("no token: \(origin) \(why)")
            }
            defer { try? handle.close() }
            let data: Data
            do {
                data = try handle.read(upToCount: fileLimit + 1) ?? Data()
            } catch {
                throw HTTPHandlerFailure("no token: \(origin) cannot be read (\(error.localizedDescription))")
            }
            guard data.count <= fileLimit else {
                throw HTTPHandlerFailure("no token: \(origin) is larger than \(fileLimit / 1024) KiB")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw HTTPHandlerFailure("no token: \(origin) is not UTF-8 text")
            }
            raw = text
        }
        let token = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw HTTPHandlerFailure("no token: \(origin) is empty") }
        guard token.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw HTTPHandlerFailure("bad token: \(origin) holds a line break or control character")
        }
        return token
    }

    /// `path` with `~/` at `homeDirectory` and a relative path under `baseDirectory`.
    static func resolve(_ path: String, baseDirectory: String, homeDirectory: String) -> String {
        if path == "~" || path.hasPrefix("~/") { return homeDirectory + path.dropFirst() }
        if path.hasPrefix("/") { return path }
        return (baseDirectory as NSString).appendingPathComponent(path)
    }
}

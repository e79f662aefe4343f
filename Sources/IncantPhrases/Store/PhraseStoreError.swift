/// Problems reading or changing the user's phrase store.
public enum PhraseStoreError: Error, Sendable, CustomStringConvertible, Equatable {
    /// A file could not be read, written or locked.
    case io(path: String, message: String)
    /// A phrase file is not valid; nothing was changed.
    case malformed(SourceLocation, String)
    /// No phrase with this id or text.
    case notFound(String)
    /// More than one phrase has this text; use the id.
    case notUnique(String, [String])
    /// The change was refused (conflict, unknown parameter, bad value …).
    case refused([String])

    public var description: String {
        switch self {
        case .io(let path, let message): return "\(path): \(message)"
        case .malformed(let location, let message): return "\(location): error: \(message); the file was left unchanged"
        case .notFound(let key): return "no phrase with id or text \"\(key)\""
        case .notUnique(let key, let ids):
            return "\"\(key)\" is the text of several phrases (\(ids.joined(separator: ", "))); name one by id"
        case .refused(let reasons): return reasons.joined(separator: "\n")
        }
    }
}

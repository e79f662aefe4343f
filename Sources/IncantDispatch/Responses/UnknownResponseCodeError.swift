import IncantPhrases

/// A handler answered with a custom code its shortcut does not declare.
///
/// The dispatcher never passes such a code on: the stage's response becomes a `failure` whose
/// reason is this error's description, and the error itself is kept in
/// ``StageResult/unknownResponseCode`` so callers can report it as a definition problem.
public struct UnknownResponseCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The identifier of the shortcut whose handler answered.
    public var shortcut: String
    /// The undeclared code, as the handler sent it.
    public var code: String

    /// Creates the error for `code` answered by a handler of `shortcut`.
    public init(shortcut: String, code: String) {
        self.shortcut = shortcut
        self.code = code
    }

    /// `unknown response code 'X' from shortcut 'Y'`.
    public var description: String {
        "unknown response code '\(code)' from shortcut '\(shortcut)'"
    }
}

extension ShortcutDefinition {
    /// Whether handlers of this shortcut may answer with `code`: a built-in code, or a custom
    /// code declared in ``ShortcutDefinition/responses``.
    public func accepts(_ code: ResponseCode) -> Bool {
        code.isBuiltIn || responses[code.rawValue] != nil
    }

    /// `response` when its code is acceptable for this shortcut; otherwise throws
    /// ``UnknownResponseCodeError`` naming the shortcut and the code.
    public func validate(_ response: ShortcutResponse) throws(UnknownResponseCodeError)
        -> ShortcutResponse
    {
        guard accepts(response.code) else {
            throw UnknownResponseCodeError(shortcut: id, code: response.code.rawValue)
        }
        return response
    }
}

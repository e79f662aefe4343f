import IncantPhrases

/// What a handler answers for one stage: a code, values for the code's dialog, and optionally
/// the dialog itself and a reason for failures (Apple's "intent response").
///
/// Encoded as `{"code": "...", "parameters": {...}, "dialog": "...", "reason": "..."}`; when
/// decoding, everything but `code` is optional. External handlers answer in this shape.
public struct ShortcutResponse: Sendable, Hashable, Codable {
    /// The response code; custom codes must be declared by the shortcut.
    public var code: ResponseCode
    /// Values sent with the code, available to its dialog as `{name}` placeholders.
    public var parameters: [String: ParameterValue]
    /// A dialog chosen by the handler; overrides the shortcut's declared dialog for the code.
    public var dialog: String?
    /// Why the stage failed, for logs, history and `--json` output (not spoken).
    public var reason: String?

    /// Creates a response.
    public init(
        code: ResponseCode,
        parameters: [String: ParameterValue] = [:],
        dialog: String? = nil,
        reason: String? = nil
    ) {
        self.code = code
        self.parameters = parameters
        self.dialog = dialog
        self.reason = reason
    }

    /// `ready`, with nothing else: what a confirm stage answers when all is in order.
    public static let ready = ShortcutResponse(code: .ready)

    /// `success`, with nothing else.
    public static let success = ShortcutResponse(code: .success)

    /// A `failure` response with a reason.
    public static func failure(reason: String) -> ShortcutResponse {
        ShortcutResponse(code: .failure, reason: reason)
    }

    private enum CodingKeys: String, CodingKey {
        case code, parameters, dialog, reason
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.code = try container.decode(ResponseCode.self, forKey: .code)
        self.parameters =
            try container.decodeIfPresent([String: ParameterValue].self, forKey: .parameters) ?? [:]
        self.dialog = try container.decodeIfPresent(String.self, forKey: .dialog)
        self.reason = try container.decodeIfPresent(String.self, forKey: .reason)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(parameters, forKey: .parameters)
        try container.encodeIfPresent(dialog, forKey: .dialog)
        try container.encodeIfPresent(reason, forKey: .reason)
    }
}

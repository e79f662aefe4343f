import IncantPhrases

/// What one stage (confirm or handle) answered, what was said, and how long it took.
///
/// Encoded as `{"code", "parameters", "dialog", "reason", "durationMs"}`.
public struct StageResult: Sendable, Hashable, Encodable {
    /// Which stage this is.
    public var stage: DispatchStage
    /// The handler's response after validation: always a built-in or declared code.
    public var response: ShortcutResponse
    /// The dialog for the response: the handler's, the shortcut's declared one rendered, or a
    /// default for built-in codes.
    public var dialog: String?
    /// How long the stage took.
    public var duration: Duration
    /// Whether the shortcut has no handler for this stage, so the answer is implied (`ready` for
    /// confirm, `success` for handle).
    public var isImplicit: Bool
    /// Set when the handler answered with a code the shortcut does not declare; ``response``
    /// is then the `failure` that replaced it.
    public var unknownResponseCode: UnknownResponseCodeError?
    /// Whether the calling task was cancelled while the stage ran, so its answer is the
    /// `interrupted` failure rather than the handler's.
    public var wasInterrupted: Bool

    /// Creates a stage result.
    public init(
        stage: DispatchStage,
        response: ShortcutResponse,
        dialog: String?,
        duration: Duration,
        isImplicit: Bool = false,
        unknownResponseCode: UnknownResponseCodeError? = nil,
        wasInterrupted: Bool = false
    ) {
        self.stage = stage
        self.response = response
        self.dialog = dialog
        self.duration = duration
        self.isImplicit = isImplicit
        self.unknownResponseCode = unknownResponseCode
        self.wasInterrupted = wasInterrupted
    }

    /// The response code.
    public var code: ResponseCode { response.code }

    private enum CodingKeys: String, CodingKey {
        case code, parameters, dialog, reason, durationMs
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(response.code, forKey: .code)
        try container.encode(response.parameters, forKey: .parameters)
        try container.encode(dialog, forKey: .dialog)
        try container.encode(response.reason, forKey: .reason)
        try container.encode(duration.roundedMilliseconds, forKey: .durationMs)
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded.
    var roundedMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int((Double(attoseconds) / 1e15).rounded())
    }
}

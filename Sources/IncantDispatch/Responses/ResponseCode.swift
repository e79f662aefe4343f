/// The code a handler answers with (Apple's "intent response code").
///
/// The six built-in codes need no declaration. Any other code is a ``custom(_:)`` code that the
/// shortcut must declare in ``IncantPhrases/ShortcutDefinition/responses``; a handler answering
/// with an undeclared code is reported as an ``UnknownResponseCodeError``.
///
/// Codes are encoded as their raw string (`"success"`, `"failurePizzeriaClosed"`), and two codes
/// with the same raw value are equal: `.custom("success") == .success`.
public enum ResponseCode: Sendable, RawRepresentable, Hashable, Codable, CustomStringConvertible {
    /// The confirm stage found everything in order; the handle stage may run.
    case ready
    /// The handle stage did what was asked.
    case success
    /// The stage did not work; see the response's reason.
    case failure
    /// The work was started and continues in the background.
    case inProgress
    /// The shortcut continues in an application (a URL or file was opened).
    case continueInApp
    /// The shortcut could not finish here and needs its application to be opened by hand.
    case failureRequiringAppLaunch
    /// A code declared by the shortcut, such as `failurePizzeriaClosed`.
    case custom(String)

    /// The built-in codes, in declaration order.
    public static let builtIns: [ResponseCode] = [
        .ready, .success, .failure, .inProgress, .continueInApp, .failureRequiringAppLaunch,
    ]

    /// Creates a code from its raw value: a built-in code when the name matches one, otherwise
    /// a ``custom(_:)`` code. Never fails.
    public init(rawValue: String) {
        switch rawValue {
        case "ready": self = .ready
        case "success": self = .success
        case "failure": self = .failure
        case "inProgress": self = .inProgress
        case "continueInApp": self = .continueInApp
        case "failureRequiringAppLaunch": self = .failureRequiringAppLaunch
        default: self = .custom(rawValue)
        }
    }

    /// The code's name as written in YAML and JSON.
    public var rawValue: String {
        switch self {
        case .ready: return "ready"
        case .success: return "success"
        case .failure: return "failure"
        case .inProgress: return "inProgress"
        case .continueInApp: return "continueInApp"
        case .failureRequiringAppLaunch: return "failureRequiringAppLaunch"
        case .custom(let name): return name
        }
    }

    /// Whether the code is one of the six built-in codes (also when spelled as `.custom`).
    public var isBuiltIn: Bool {
        Self.builtIns.contains(self)
    }

    /// Whether the code reports a failure: `failure`, `failureRequiringAppLaunch`, and every
    /// custom code whose name starts with `failure` (e.g. `failurePizzeriaClosed`).
    public var isFailure: Bool {
        rawValue.hasPrefix("failure")
    }

    /// The raw value.
    public var description: String { rawValue }

    public static func == (lhs: ResponseCode, rhs: ResponseCode) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

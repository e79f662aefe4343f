import IncantPhrases

/// How the dispatcher talks to the person while running a shortcut: asking for a missing
/// parameter value and asking yes/no before a shortcut that requires confirmation.
///
/// The CLI implements it with a terminal prompt and `--answer name=value`; tests use a scripted
/// implementation. Returning `nil` means "no answer" (end of input, no terminal, timeout).
public protocol DispatchInteraction: Sendable {
    /// Asks for a value of `parameter` (use ``IncantPhrases/ParameterDefinition/question``) and
    /// returns the answer as said or typed; the dispatcher parses it with
    /// ``IncantPhrases/ParameterDefinition/parseValue(_:)``.
    func askValue(for parameter: ParameterDefinition, shortcut: ShortcutDefinition) async -> String?

    /// Asks a yes/no question such as "Order pizza?"; `nil` when there is no answer.
    func askYesNo(_ question: String) async -> Bool?

    /// Tells the person why an answer was not accepted, before the value is asked for again.
    /// The default implementation does nothing.
    func answerRejected(
        _ error: ParameterValueError,
        for parameter: ParameterDefinition,
        shortcut: ShortcutDefinition
    ) async

    /// Why the last question got no answer (such as "no answer within 30 s"), added to the
    /// outcome's reason; `nil` (the default implementation) when there is nothing to add.
    func reasonForNoAnswer() async -> String?
}

extension DispatchInteraction {
    /// Does nothing.
    public func answerRejected(
        _ error: ParameterValueError,
        for parameter: ParameterDefinition,
        shortcut: ShortcutDefinition
    ) async {}

    /// Returns `nil`.
    public func reasonForNoAnswer() async -> String? { nil }
}

/// An interaction that never gets an answer: missing required parameters fail and shortcuts
/// that require confirmation are not run (unless ``DispatchOptions/assumeYes`` is set).
public struct NonInteractive: DispatchInteraction {
    /// Creates the interaction.
    public init() {}

    /// Returns `nil`.
    public func askValue(for parameter: ParameterDefinition, shortcut: ShortcutDefinition) async
        -> String?
    {
        nil
    }

    /// Returns `nil`.
    public func askYesNo(_ question: String) async -> Bool? {
        nil
    }
}

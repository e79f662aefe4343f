import Foundation
import IncantDispatch
import IncantPhrases

#if canImport(Glibc)
    import Glibc
#endif

/// Asks for missing parameters and yes/no confirmations: first from `--answer name=value`
/// (each used once: an answer that does not parse is not given again) and `--yes`, then, when
/// `interactive`, one line of standard input per question (a terminal or a pipe), waiting at
/// most `timeout`. No line (end of input, a timeout, a signal) is no answer, and the dispatcher
/// reports what was missing.
struct TerminalInteraction: DispatchInteraction {
    let answers: [String: String]
    let lines: AnswerLines?
    let timeout: Duration
    private let state = State()

    init(
        answers: [String: String], interactive: Bool = true, timeout: Duration = .seconds(30),
        lines: AnswerLines = .standardInput
    ) {
        self.answers = answers
        self.lines = interactive ? lines : nil
        self.timeout = timeout
    }

    func askValue(for parameter: ParameterDefinition, shortcut: ShortcutDefinition) async -> String? {
        if let answer = answers[parameter.name], await state.use(parameter.name) { return answer }
        return await ask(parameter.question + " ")
    }

    func askYesNo(_ question: String) async -> Bool? {
        if let answer = answers["yes"] ?? answers["confirm"] { return BooleanWords.value(of: answer) }
        guard let answer = await ask(question + " [y/n] ") else { return nil }
        if answer.lowercased().hasPrefix("y") { return true }
        if answer.lowercased().hasPrefix("n") { return false }
        return BooleanWords.value(of: answer)
    }

    func answerRejected(_ error: ParameterValueError, for parameter: ParameterDefinition, shortcut: ShortcutDefinition)
        async
    {
        StandardError.print("incant: \(error)")
    }

    func reasonForNoAnswer() async -> String? {
        await state.noAnswer
    }

    /// Prints `prompt` and waits for a line.
    private func ask(_ prompt: String) async -> String? {
        guard let lines else { return nil }
        StandardError.write(prompt)
        switch await lines.next(timeout: timeout) {
        case .line(let line):
            return line
        case .ended:
            StandardError.print("")
            return nil
        case .timedOut:
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            let reason = "no answer within \(String(format: "%g", seconds)) s: timeout"
            await state.record(noAnswer: reason)
            StandardError.print("\nincant: \(reason)")
            return nil
        }
    }

    /// Which `--answer` values were used, and why the last question went unanswered.
    private actor State {
        private var used: Set<String> = []
        private(set) var noAnswer: String?

        /// Whether the `--answer` for `name` is still unused (and marks it used).
        func use(_ name: String) -> Bool {
            used.insert(name).inserted
        }

        func record(noAnswer reason: String) {
            noAnswer = reason
        }
    }
}

/// Parses `name=value` pairs from repeated options, naming the bad one.
func parseAssignments(_ pairs: [String], option: String) throws -> [String: String] {
    var values: [String: String] = [:]
    for pair in pairs {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            throw CommandFailure(message: "\(option) expects name=value, got \"\(pair)\"", status: ExitStatus.usage)
        }
        values[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    return values
}

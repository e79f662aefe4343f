import Foundation
import IncantDispatch
import IncantPhrases

#if canImport(Glibc)
    import Glibc
#endif

/// Asks for missing parameters and yes/no confirmations: first from `--answer name=value`
/// (and `--yes`), then at the terminal when standard input is one; otherwise there is no
/// answer and the dispatcher reports what was missing.
struct TerminalInteraction: DispatchInteraction {
    let answers: [String: String]
    let interactive: Bool

    init(answers: [String: String], interactive: Bool = isatty(STDIN_FILENO) == 1) {
        self.answers = answers
        self.interactive = interactive
    }

    func askValue(for parameter: ParameterDefinition, shortcut: ShortcutDefinition) async -> String? {
        if let answer = answers[parameter.name] { return answer }
        guard interactive else { return nil }
        return prompt(parameter.question + " ")
    }

    func askYesNo(_ question: String) async -> Bool? {
        if let answer = answers["yes"] ?? answers["confirm"] { return BooleanWords.value(of: answer) }
        guard interactive, let answer = prompt(question + " [y/n] ") else { return nil }
        if answer.lowercased().hasPrefix("y") { return true }
        if answer.lowercased().hasPrefix("n") { return false }
        return BooleanWords.value(of: answer)
    }

    func answerRejected(_ error: ParameterValueError, for parameter: ParameterDefinition, shortcut: ShortcutDefinition)
        async
    {
        StandardError.print("incant: \(error)")
    }

    private func prompt(_ text: String) -> String? {
        StandardError.write(text)
        return readLine(strippingNewline: true)
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

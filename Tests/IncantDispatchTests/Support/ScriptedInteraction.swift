import IncantDispatch
import IncantPhrases

/// A ``DispatchInteraction`` answering from a script and remembering what it was asked.
actor ScriptedInteraction: DispatchInteraction {
    private var answers: [String: [String?]]
    private var yesNoAnswers: [Bool?]
    private(set) var askedParameters: [String] = []
    private(set) var questions: [String] = []
    private(set) var rejectedAnswers: [String] = []

    /// `answers` per parameter name, in order (`nil` = no answer); `yesNo` answers in order.
    init(answers: [String: [String?]] = [:], yesNo: [Bool?] = []) {
        self.answers = answers
        self.yesNoAnswers = yesNo
    }

    func askValue(for parameter: ParameterDefinition, shortcut: ShortcutDefinition) -> String? {
        askedParameters.append(parameter.name)
        guard var queue = answers[parameter.name], !queue.isEmpty else { return nil }
        let answer = queue.removeFirst()
        answers[parameter.name] = queue
        return answer
    }

    func askYesNo(_ question: String) -> Bool? {
        questions.append(question)
        return yesNoAnswers.isEmpty ? nil : yesNoAnswers.removeFirst()
    }

    func answerRejected(
        _ error: ParameterValueError,
        for parameter: ParameterDefinition,
        shortcut: ShortcutDefinition
    ) {
        rejectedAnswers.append(error.text)
    }
}

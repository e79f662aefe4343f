import IncantDispatch
import IncantPhrases
import IncantSpeech

/// Asks the dispatcher's questions by voice: a yes/no confirmation or a missing parameter is
/// said and reported, and the answer is the next utterance of the same stream, recognized
/// against the possible answers (or a typed line, whichever comes first). Answers given in
/// advance (`answers`) win over both.
struct VoiceInteraction: DispatchInteraction {
    /// Answers given in advance (`--answer`, `--yes`); asked first.
    let answers: any DispatchInteraction
    let conversation: Conversation

    func askYesNo(_ question: String) async -> Bool? {
        if let answer = await answers.askYesNo(question) { return answer }
        for attempt in 1...conversation.attempts {
            let prompt = attempt == 1 ? question : "Sorry, I did not catch that. \(question)"
            guard let reply = await conversation.ask(prompt, hint: "yes or no", request: .yesNo) else { return nil }
            if let value = reply.text.flatMap(Self.yesOrNo) { return value }
        }
        return nil
    }

    /// Reads a yes or no: typed "y…"/"n…", or the first yes/no word said ("yes please").
    static func yesOrNo(_ text: String) -> Bool? {
        let words = TextNormalizer.words(of: text)
        if let first = words.first, words.count == 1, first.hasPrefix("y") { return true }
        if let first = words.first, words.count == 1, first.hasPrefix("n") { return false }
        return words.lazy.compactMap { BooleanWords.value(of: $0) }.first
    }

    func askValue(for parameter: ParameterDefinition, shortcut: ShortcutDefinition) async -> String? {
        if let answer = await answers.askValue(for: parameter, shortcut: shortcut) { return answer }
        let request = AnswerRequest.forValue(of: parameter, shortcut: shortcut)
        for attempt in 1...conversation.attempts {
            let prompt = attempt == 1 ? parameter.question : "Sorry, I did not catch that. \(parameter.question)"
            guard let reply = await conversation.ask(prompt, hint: nil, request: request) else { return nil }
            if let text = reply.text { return text }
        }
        return nil
    }

    /// Asks which word of each contest of `choice` was said ("Did you say … on or off?"), the
    /// answer recognized against just those words and "cancel" / "never mind". Only an answer
    /// that names one of them settles a contest; none (a timeout, the end of the input, an
    /// answer not understood after every attempt) leaves it unanswered, and nothing runs.
    func resolve(_ choice: ContestedChoice, matcher: PhraseMatcher) async -> ContestResolution {
        var chosen: [ContestedAlternative] = []
        for contest in choice.contests {
            let question = choice.question(for: contest)
            let words = contest.alternatives.map(\.word)
            let hint = words.joined(separator: " or ") + "; or never mind"
            var answer: ContestedAlternative?
            for attempt in 1...conversation.attempts where answer == nil {
                let prompt = attempt == 1 ? question : "Sorry, I did not catch that. \(question)"
                guard let reply = await conversation.ask(prompt, hint: hint, request: .choice(words)) else {
                    return .unanswered
                }
                guard let text = reply.text else { continue }
                if Contest.cancels(text) { return .cancelled }
                answer = contest.alternative(answering: text)
            }
            guard let answer else { return .unanswered }
            chosen.append(answer)
        }
        let words = chosen.map(\.word)
        guard let candidate = choice.resolve(chosen, matcher: matcher) else { return .unresolved(words: words) }
        return .chosen(candidate, words: words)
    }

    /// Asks "Did you say …?" about a command heard too unclearly to act on. Yes runs it; no or
    /// "never mind" calls it off; no answer understood runs nothing. Answers given in advance
    /// (`--yes`) are not consulted: they were given for the shortcuts' own questions, not to
    /// settle what was heard.
    func confirm(_ candidate: MatchCandidate) async -> ContestResolution {
        let question = Self.confirmation(of: candidate)
        for attempt in 1...conversation.attempts {
            let prompt = attempt == 1 ? question : "Sorry, I did not catch that. \(question)"
            guard let reply = await conversation.ask(prompt, hint: "yes or no", request: .yesNo) else {
                return .unanswered
            }
            guard let text = reply.text else { continue }
            if Contest.cancels(text) { return .cancelled }
            if let yes = Self.yesOrNo(text) { return yes ? .chosen(candidate, words: []) : .cancelled }
        }
        return .unanswered
    }

    /// "Did you say turn off the lights?"
    static func confirmation(of candidate: MatchCandidate) -> String {
        "Did you say \(candidate.transcript)?"
    }

    func answerRejected(_ error: ParameterValueError, for parameter: ParameterDefinition, shortcut: ShortcutDefinition)
        async
    {
        await answers.answerRejected(error, for: parameter, shortcut: shortcut)
        await conversation.say("Sorry, \(error.text) is not a valid \(parameter.name).")
    }
}

import IncantPhrases

/// What an uncertain utterance leaves open: at one or more places of the transcript, a word and
/// its rival fit the audio about as well and mean different actions. Nothing runs unless the
/// person says which (``question(for:)``), one place at a time.
public struct ContestedChoice: Sendable, CustomStringConvertible {
    /// The transcript heard.
    public var heard: String
    /// What the heard transcript alone would run.
    public var heardCandidate: MatchCandidate
    /// The contested places, in transcript order.
    public var contests: [Contest]

    public init(heard: String, heardCandidate: MatchCandidate, contests: [Contest]) {
        self.heard = heard
        self.heardCandidate = heardCandidate
        self.contests = contests
    }

    /// Why nothing runs without an answer: "could not tell "on" from "off" in "…"".
    public var description: String {
        let pairs = contests.map { "\"" + $0.alternatives.map(\.word).joined(separator: "\" from \"") + "\"" }
        return "could not tell " + pairs.joined(separator: ", nor ") + " in \"\(heard)\"; asked which was said"
    }

    /// "Did you say turn the garden lights on or off?": the heard transcript with the contested
    /// word's alternatives in its place, so that a person who hears another word wrong too (a
    /// room) can call it off; just "Did you say on or off?" when the word's place is not known
    /// (a free-text slot before it).
    public func question(for contest: Contest) -> String {
        let choices = contest.alternatives.map(\.word).joined(separator: " or ")
        var words = heard.split(separator: " ").map(String.init)
        guard words.indices.contains(contest.position), words[contest.position] == contest.alternatives.first?.word
        else { return "Did you say \(choices)?" }
        words[contest.position] = choices
        return "Did you say " + words.joined(separator: " ") + "?"
    }

    /// The action once every contest is settled: `chosen[i]` is the alternative taken for
    /// `contests[i]`. With one contest it is that alternative's; with more, the heard words are
    /// replaced by the chosen ones and matched again (nil when that is not one accepted action).
    public func resolve(_ chosen: [ContestedAlternative], matcher: PhraseMatcher) -> MatchCandidate? {
        guard chosen.count == contests.count, !chosen.isEmpty else { return nil }
        if chosen.count == 1 { return chosen[0].candidate }
        var words = heard.split(separator: " ").map(String.init)
        for (contest, alternative) in zip(contests, chosen) {
            // A free-text slot before the word moves it: then nothing is guessed.
            guard words.indices.contains(contest.position), words[contest.position] == contest.alternatives.first?.word
            else { return nil }
            words[contest.position] = alternative.word
        }
        return matcher.match(transcripts: [words.joined(separator: " ")]).accepted
    }
}

/// One contested place of a transcript: the heard word and its rival, with what each runs.
public struct Contest: Sendable {
    /// The word's place among the transcript's words.
    public var position: Int
    /// The parameter whose value the word decides; nil when the word decides between shortcuts
    /// (or changes more than one value).
    public var parameter: String?
    /// The heard word's alternative first, then the rival's.
    public var alternatives: [ContestedAlternative]

    public init(position: Int, parameter: String?, alternatives: [ContestedAlternative]) {
        self.position = position
        self.parameter = parameter
        self.alternatives = alternatives
    }

    /// The alternative an answer names: the one whose word the answer says (alone or among
    /// other words); nil when it names none or more than one.
    public func alternative(answering answer: String) -> ContestedAlternative? {
        let said = Set(TextNormalizer.words(of: answer))
        let named = alternatives.filter { said.contains($0.word) }
        return named.count == 1 ? named[0] : nil
    }

    /// Whether an answer calls the question off ("cancel", "never mind", "neither").
    public static func cancels(_ answer: String) -> Bool {
        let words = TextNormalizer.words(of: answer)
        if !Set(words).isDisjoint(with: cancelWords) { return true }
        return zip(words, words.dropFirst()).contains { $0 == "never" && $1 == "mind" }
    }

    /// Single words that call a question off.
    public static let cancelWords: Set<String> = ["cancel", "nevermind", "neither"]
}

/// One word that may have been said at a contested place, and what it runs.
public struct ContestedAlternative: Sendable {
    /// The word.
    public var word: String
    /// The transcript with this word.
    public var transcript: String
    /// What runs when this word was said.
    public var candidate: MatchCandidate

    public init(word: String, transcript: String, candidate: MatchCandidate) {
        self.word = word
        self.transcript = transcript
        self.candidate = candidate
    }
}

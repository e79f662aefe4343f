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
    /// words' alternatives in their place, so that a person who hears another word wrong too (a
    /// room) can call it off; just "Did you say on or off?" when the words' place is not known
    /// (a free-text slot before them).
    public func question(for contest: Contest) -> String {
        let choices = contest.alternatives.map(\.word).joined(separator: " or ")
        var words = heard.split(separator: " ").map(String.init)
        guard contest.holdsHeardWords(of: words) else { return "Did you say \(choices)?" }
        words.replaceSubrange(contest.span, with: [choices])
        return "Did you say " + words.joined(separator: " ") + "?"
    }

    /// The action once every contest is settled: `chosen[i]` is the alternative taken for
    /// `contests[i]`. With one contest it is that alternative's; with more, the heard words are
    /// replaced by the chosen ones and matched again (nil when that is not one accepted action).
    public func resolve(_ chosen: [ContestedAlternative], matcher: PhraseMatcher) -> MatchCandidate? {
        guard chosen.count == contests.count, !chosen.isEmpty else { return nil }
        if chosen.count == 1 { return chosen[0].candidate }
        let words = heard.split(separator: " ").map(String.init)
        var replaced = words
        // From the last place back, so that a replacement of another length moves no place
        // still to come.
        for (contest, alternative) in zip(contests, chosen).sorted(by: { $0.0.position > $1.0.position }) {
            // A free-text slot before the words moves them: then nothing is guessed.
            guard contest.holdsHeardWords(of: words) else { return nil }
            replaced.replaceSubrange(contest.span, with: alternative.word.split(separator: " ").map(String.init))
        }
        return matcher.match(transcripts: [replaced.joined(separator: " ")]).accepted
    }
}

/// One contested place of a transcript: the heard word or words and their rival, with what each
/// runs.
public struct Contest: Sendable {
    /// The place of the first heard word among the transcript's words.
    public var position: Int
    /// How many of the transcript's words the heard alternative spans.
    public var length: Int
    /// The parameter whose value the words decide; nil when they decide between shortcuts (or
    /// change more than one value).
    public var parameter: String?
    /// The heard words' alternative first, then the rival's.
    public var alternatives: [ContestedAlternative]

    public init(position: Int, length: Int = 1, parameter: String?, alternatives: [ContestedAlternative]) {
        self.position = position
        self.length = length
        self.parameter = parameter
        self.alternatives = alternatives
    }

    /// The transcript's word places the heard alternative spans.
    public var span: Range<Int> { position..<(position + length) }

    /// Whether `words` (the heard transcript's) hold the heard alternative at ``span``.
    func holdsHeardWords(of words: [String]) -> Bool {
        guard span.upperBound <= words.count, let heard = alternatives.first?.word else { return false }
        return words[span].joined(separator: " ") == heard
    }

    /// The alternative an answer names: the one whose words the answer says (alone or among
    /// other words, in order); nil when it names none or more than one. An alternative said
    /// only as part of another one named ("twenty" in "twenty one") does not count.
    public func alternative(answering answer: String) -> ContestedAlternative? {
        let said = TextNormalizer.words(of: answer)
        let wordsOf = { (alternative: ContestedAlternative) in alternative.word.split(separator: " ").map(String.init) }
        let named = alternatives.filter { said.firstRange(of: wordsOf($0)) != nil }
        let longest = named.filter { one in
            !named.contains { other in other.word != one.word && wordsOf(other).firstRange(of: wordsOf(one)) != nil }
        }
        return longest.count == 1 ? longest[0] : nil
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

/// One word (or words) that may have been said at a contested place, and what it runs.
public struct ContestedAlternative: Sendable {
    /// The word or words.
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

import IncantCapture
import IncantPhrases
import IncantSpeech

/// Hears speech resumed after a short pause as the rest of a command whose phrase goes on
/// ("i want a dark roast cappuccino … with brown sugar"), so that the first half does not run
/// on its own (``ListenerConfiguration/phrasePause``).
///
/// The utterance that follows is the rest of the command only when the two recognized as one
/// would run (or, when the first half would only ask, run or ask) the same shortcut with every
/// value the first half had, and either
/// - on its own it would neither run nor ask, and the words heard in it span at least
///   ``restCoverage`` of its speech (not a word or two laid on a clatter), or
/// - on its own it would (a rest heard alone is forced onto a whole phrase), but the two as one
///   fit the audio clearly better than the two apart (``IncantSpeech/RecognitionResult/fit``,
///   ``joinedFitMargin``).
///
/// Anything else leaves the first half as it was decided and the follower to be decided on its
/// own.
struct PhraseContinuation: Sendable {
    /// How long after the command's last speech the rest may begin.
    let pause: Duration
    let recognizer: any SpeechRecognizer
    let speculation: SpeculativeDecoding<RecognitionResult>?
    let heard: HeardAudio

    /// What became of the speech after a command.
    enum Outcome {
        /// The command and its rest, as one: the utterance, what the recognizer heard of it,
        /// and how it is understood.
        case whole(Utterance, heard: Utterance, Understanding)
        /// The utterance that followed is not the rest of the command; it was recognized on
        /// its own (nil when that failed) and is to be decided next.
        case apart(Utterance, RecognitionResult?)
    }

    /// The rest of `utterance`, understood as `understanding`, when the phrase goes on and
    /// speech follows within ``pause``; nil when it does not. Reads `live` for what follows.
    func rest(
        of utterance: Utterance, understanding: Understanding, interpreter: UtteranceInterpreter, confirming: Bool,
        live: LiveUtterances
    ) async -> Outcome? {
        guard understanding.recognition.phraseContinues, !understanding.decision.isRejected,
            let follower = try? await live.follower(of: utterance, within: pause)
        else { return nil }
        let alone = try? await Listener.recognize(heard.of(follower), with: recognizer, speculation: speculation)
        // A command of its own is heard as one unless the two heard as one explain the audio
        // better than the two apart (a rest heard alone is forced onto a whole phrase).
        let aloneDecides = alone.map { !interpreter.interpret($0, confirming: confirming).decision.isRejected } ?? true
        let apartFit =
            aloneDecides ? understanding.recognition.fit.flatMap { first in alone?.fit.map { first + $0 } } : nil
        guard !aloneDecides || apartFit != nil,
            let (joined, joinedHeard, wholeUnderstanding) = await heardAsOne(
                utterance, follower, deciding: understanding, interpreter: interpreter, confirming: confirming),
            Self.extends(understanding.match.best, with: wholeUnderstanding.match.best)
        else { return .apart(follower, alone) }
        let whole = wholeUnderstanding.recognition
        if let apartFit {
            guard Self.fitsBetterJoined(whole.fit, than: apartFit, over: joined) else { return .apart(follower, alone) }
        } else if !whole.words.isEmpty {
            // The rest's words must be what the follower said, not a few words laid on a
            // longer sound (a clatter after the command). Words without times are not measured.
            guard Self.coverage(of: follower, in: joined, by: whole.words) >= Self.restCoverage else {
                return .apart(follower, alone)
            }
        }
        return .whole(joined, heard: joinedHeard, wholeUnderstanding)
    }

    /// The command `utterance` (understood as `understanding`, and not rejected) heard with
    /// `previous`, speech just before it that was rejected on its own, when `previous`'s speech
    /// ended within ``pause`` before this one's began: the first half of an order that was not
    /// heard ("get me a medium triple shot medium roast drip coffee …"), and its rest taken for
    /// a whole order ("brew a coffee with a bit of almond milk"). Nil keeps `utterance` as it is.
    ///
    /// The two as one are used when they would run (or, when `utterance` would only ask, run
    /// or ask) the same shortcut, the words heard span at least ``restCoverage`` of `previous`'s
    /// speech, and, when the recognizer gives fits, the two fit the audio better as one than
    /// apart by ``joinedFitMargin``: speech of someone else's before a command is not made part
    /// of it.
    func beginning(
        of utterance: Utterance, understanding: Understanding, after previous: Utterance,
        recognized before: RecognitionResult, interpreter: UtteranceInterpreter, confirming: Bool
    ) async -> (Utterance, heard: Utterance, Understanding)? {
        let gap = utterance.speechStartSample - previous.speechEndSample
        guard !understanding.decision.isRejected, let command = understanding.match.best,
            gap >= 0, gap <= AudioFormat.sampleCount(for: pause)
        else { return nil }
        guard
            let (joined, joinedHeard, wholeUnderstanding) = await heardAsOne(
                previous, utterance, deciding: understanding, interpreter: interpreter, confirming: confirming),
            wholeUnderstanding.match.best?.shortcutID == command.shortcutID
        else { return nil }
        let whole = wholeUnderstanding.recognition
        guard whole.words.isEmpty || Self.coverage(of: previous, in: joined, by: whole.words) >= Self.restCoverage
        else { return nil }
        if let first = before.fit, let second = understanding.recognition.fit {
            guard Self.fitsBetterJoined(whole.fit, than: first + second, over: joined) else { return nil }
        }
        return (joined, joinedHeard, wholeUnderstanding)
    }

    /// `first` and `second` recognized as one utterance, and how that is understood; nil when
    /// it cannot be recognized, is rejected, or would only ask where `understanding` (one of
    /// the two alone) would run: a command that would run is not turned into a question.
    private func heardAsOne(
        _ first: Utterance, _ second: Utterance, deciding understanding: Understanding,
        interpreter: UtteranceInterpreter, confirming: Bool
    ) async -> (Utterance, heard: Utterance, Understanding)? {
        let joined = Utterance.joining(first, second)
        let joinedHeard = heard.of(joined)
        guard let whole = try? await Listener.recognize(joinedHeard, with: recognizer, speculation: nil) else {
            return nil
        }
        let wholeUnderstanding = interpreter.interpret(whole, confirming: confirming)
        let decisive = understanding.decision.accepted == nil || wholeUnderstanding.decision.accepted != nil
        guard !wholeUnderstanding.decision.isRejected, decisive else { return nil }
        return (joined, joinedHeard, wholeUnderstanding)
    }

    /// How much better, per 10 ms frame of the two as one, two utterances must fit the audio as
    /// one than apart to be joined.
    ///
    /// Fits of nearly the same audio vary from run to run (a sample of dither moves the search
    /// onto another path), so a small gain decides nothing; the measurements behind it are in
    /// BENCHMARKS.md, "The rest of an order heard as a second order".
    static let joinedFitMargin = 4.0

    /// Whether `whole`, the fit of `joined`, beats `apart`, the two utterances' fits summed, by
    /// ``joinedFitMargin`` per frame of `joined`; false without a fit.
    static func fitsBetterJoined(_ whole: Double?, than apart: Double, over joined: Utterance) -> Bool {
        guard let whole else { return false }
        let frames = max(1, joined.samples.count / (AudioFormat.sampleRate / 100))
        return whole - apart >= joinedFitMargin * Double(frames)
    }

    /// The least share of the follower's speech the words heard in it must span for it to be
    /// the rest of the command.
    static let restCoverage = 0.5

    /// The share of `follower`'s speech, within `joined`, that `words` (timed from `joined`'s
    /// start) span.
    static func coverage(of follower: Utterance, in joined: Utterance, by words: [RecognizedWord]) -> Double {
        let start = Double(follower.speechStartSample - joined.startSample) / Double(AudioFormat.sampleRate)
        let end = Double(follower.speechEndSample - joined.startSample) / Double(AudioFormat.sampleRate)
        guard end > start else { return 0 }
        let spanned = words.reduce(0.0) { $0 + max(0, min(end, $1.end) - max(start, $1.start)) }
        return spanned / (end - start)
    }

    /// Whether `whole` runs the shortcut of `first` with every value `first` has.
    static func extends(_ first: MatchCandidate?, with whole: MatchCandidate?) -> Bool {
        guard let first, let whole, first.shortcutID == whole.shortcutID else { return false }
        return first.parameters.allSatisfy { whole.parameters[$0.key] == $0.value }
    }
}

import IncantCapture
import IncantPhrases
import IncantSpeech

/// Tells a new command from an answer, for an utterance heard while a question waits.
///
/// A person who ignores a question ("Did you say lights on?") and says another command means
/// that command; taking it as a failed answer would drop it and ask again. So an utterance that
/// is a new command ends the question unanswered (nothing of the question runs) and is heard as
/// a command next.
/// - With a wake word, an utterance holding the wake word is a new command, whatever follows
///   it. It is looked for before the utterance is heard as an answer: answers are said without
///   the wake word.
/// - An utterance not understood as an answer is a new command when a trigger (push-to-talk,
///   `incant trigger`) was pressed for it. Understood, it is the answer: a person used to
///   pressing the key before speaking presses it to answer too.
/// - Without a wake word, an utterance not understood as an answer is recognized against the
///   phrases, and is a new command when it is accepted outright (every check passed, nothing to
///   ask). Not with push-to-talk, where a command needs a trigger.
struct NewCommandCheck: Sendable {
    /// What was found in an utterance heard while a question waits.
    enum Verdict: Sendable {
        /// Not a new command: hear it as the answer.
        case answer
        /// A new command. `recognition` is its recognition against the phrases when that was
        /// what showed it (nil when the wake word did).
        case command(recognition: RecognitionResult?)
    }

    let wakeWord: WakeWordSettings?
    /// Holds the triggers; nil when there is no control.
    let control: ListenerControl?
    /// The stream before the front ends, for the wake-word detector (as the ``WakeGate`` has).
    let unprocessed: UnprocessedAudioTap?
    /// Recognizes commands; nil when no utterance is recognized as a command before it was
    /// admitted (push-to-talk).
    let recognizer: (any SpeechRecognizer)?
    /// The matcher of the shortcuts in use (they may be reloaded while listening).
    let matcher: @Sendable () -> PhraseMatcher

    /// Before `utterance` is heard as an answer: a new command when it holds the wake word.
    func beforeAnswer(_ utterance: Utterance) async -> Verdict {
        guard let detector = wakeWord?.detector else { return .answer }
        let before = unprocessed?.samples(in: utterance.startSample..<utterance.endSample)
        // A detector that fails hears no wake word; the listener reports its failures itself.
        let detection = try? await DecodingQueue.run { try detector.detect(in: utterance, unprocessed: before) }
        return detection == nil ? .answer : .command(recognition: nil)
    }

    /// After `utterance` was not understood as an answer: a new command when a trigger opened
    /// it or, without a wake word, the phrases accept it outright. A recognizer that fails finds
    /// no command.
    func afterUnderstoodNothing(_ utterance: Utterance) async -> Verdict {
        if control?.isTriggered(for: utterance) == true { return .command(recognition: nil) }
        guard wakeWord == nil, let recognizer else { return .answer }
        let samples = utterance.samples
        guard let recognition = try? await DecodingQueue.run({ try recognizer.recognize(samples, cancellation: nil) })
        else { return .answer }
        let understanding = UtteranceInterpreter(recognizer: recognizer, matcher: matcher()).interpret(recognition)
        return understanding.decision.accepted == nil ? .answer : .command(recognition: recognition)
    }
}

import Foundation
import IncantCapture
import IncantDispatch
import IncantPhrases
import IncantSpeech

/// What a ``Listener`` reports, in order.
public enum ListenerEvent: Sendable {
    /// Audio is being read.
    case started(source: String)
    /// An utterance was decided, and its shortcut run when accepted.
    case turn(ListenerTurn)
    /// A word that decides the action was contested (``IncantSpeech/SpeechDecision/uncertain(_:)``):
    /// the person is asked which was said, one contest at a time, before anything runs.
    case uncertain(ContestedChoice, in: Utterance)
    /// A command was heard too unclearly to act on (``IncantSpeech/SpeechDecision/unconfirmed(_:)``):
    /// the person is asked "Did you say …?" before anything runs. `confidence` is the
    /// recognizer's.
    case unconfirmed(MatchCandidate, confidence: Double, in: Utterance)
    /// A question is asked (a missing value, a yes/no confirmation); `hint` says how to answer.
    case questionAsked(question: String, hint: String?)
    /// An answer came (or did not: see ``Exchange/answer``).
    case answered(Exchange)
    /// An utterance was not acted on before recognition (no wake word).
    case ignored(Utterance, DecisionRejection)
    /// The wake word was heard; the command may follow.
    case wakeWordHeard(WakeDetection, in: Utterance)
    /// Edited shortcuts or phrases are used from now on.
    case reloaded(phraseCount: Int)
    /// Edited shortcuts or phrases could not be loaded; the previous ones stay.
    case reloadFailed(any Error)
    /// The recognizer was adapted to the last `utterances` accepted ones.
    case adapted(utterances: Int)
    /// Something went wrong with one utterance or a side task; listening goes on.
    case problem(ListenerProblem)
}

/// A problem that did not stop the listener.
public enum ListenerProblem: Sendable {
    /// An utterance could not be recognized.
    case recognitionFailed(Utterance, any Error)
    /// An answer could not be recognized.
    case answerRecognitionFailed(any Error)
    /// Online adaptation failed.
    case adaptationFailed(any Error)
}

/// One decided utterance: what was heard, the decision, and what ran.
public struct ListenerTurn: Sendable {
    /// The audio, with its place in the stream.
    public var utterance: Utterance
    /// The transcripts, the match and the decision.
    public var understanding: Understanding
    /// The dispatch report (no outcome when nothing ran).
    public var report: QueryReport
    /// From the utterance's close to having its decision.
    public var latency: Duration
    /// The wall-clock time of the close.
    public var closedAt: Date
    /// The questions asked while it ran and their answers.
    public var exchanges: [Exchange]
    /// How the question about an uncertain or unconfirmed decision ended (nil when the decision
    /// asked nothing).
    public var resolution: ContestResolution?
}

extension ListenerTurn {
    /// Why an unconfirmed command ran nothing: the person said no, or no answer confirmed it (nil
    /// when it ran, or the decision was not ``IncantSpeech/SpeechDecision/unconfirmed(_:)``).
    public var unconfirmedRejection: DecisionRejection? {
        guard case .unconfirmed(let candidate) = understanding.decision, resolution?.candidate == nil else {
            return nil
        }
        return resolution?.rejection(confirming: candidate.transcript) ?? .unconfirmed(heard: candidate.transcript)
    }
}

/// One question and its answer.
public struct Exchange: Sendable, Encodable {
    public var question: String
    /// What was heard (nil when the answer was typed or none came).
    public var heard: String?
    /// The recognizer's confidence in what was heard.
    public var acousticConfidence: Double?
    /// What was typed.
    public var typed: String?
    /// The answer given to the shortcut; nil when it was not understood or none came.
    public var answer: String?
    /// A new command was said instead of an answer: the question ended unanswered, and the
    /// command was heard next.
    public var newCommand: Bool = false

    public init(question: String) {
        self.question = question
    }
}

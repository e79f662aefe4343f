import IncantListening
import IncantPhrases

/// What happens with one satellite, for the command line to print.
public enum SatelliteEvent: Sendable {
    /// Connected; `run-satellite` was sent.
    case connected
    /// The satellite could not be reached; another try follows after `retry`.
    case unreachable(problem: String, retry: Duration)
    /// The connection ended (the satellite stopped, the network failed); another try follows
    /// after `retry`.
    case disconnected(problem: String?, retry: Duration)
    /// The satellite started a pipeline.
    case pipeline(SatellitePipeline)
    /// What the satellite's listener reports: each utterance decided, shortcut run, question.
    case listener(ListenerEvent)
    /// The satellite's listener could not be made or stopped with an error; the connection is
    /// closed and tried again.
    case listenerFailed(problem: String)
    /// A dialog could not be spoken by the text-to-speech service at `address` (`nil`:
    /// espeak-ng); espeak-ng is used instead when it was the service.
    case textToSpeechFailed(address: WyomingAddress?, problem: String)
}

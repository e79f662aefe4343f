import IncantCapture

/// The first front end of a controlled listener: while muted, chunks are dropped here, so
/// they reach no other front end, no utterance detector and no recognizer, and are not
/// counted in stream positions.
final class MuteGate: AudioFrontEnd {
    let control: ListenerControl

    init(control: ListenerControl) {
        self.control = control
    }

    var name: String { "mute" }
    var latencySamples: Int { 0 }

    func process(_ samples: [Int16]) -> [Int16] {
        control.isMuted ? [] : samples
    }

    func flush() -> [Int16] { [] }

    func reset() {}
}

/// Plays a short sound (an earcon) that tells the person they were heard.
public protocol EarconPlayer: Sendable {
    /// Plays it and returns when it has been played.
    func play() async
}

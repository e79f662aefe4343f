/// Says questions and dialogs aloud (espeak-ng in the CLI; anything in an embedding app).
public protocol DialogSpeaker: Sendable {
    /// Speaks `text` and returns when it has been said.
    func say(_ text: String) async
}

/// One free-text slot heard in an utterance: where the phrase search put it, and the words the
/// open-vocabulary pass heard there.
public struct HeardTextSlot: Sendable, Hashable {
    /// The search frames the slot's placeholder covered (counted as ``WordSegment`` frames are).
    public var frames: ClosedRange<Int>
    /// What was said there; empty when the open-vocabulary pass made out no word.
    public var text: String

    public init(frames: ClosedRange<Int>, text: String) {
        self.frames = frames
        self.text = text
    }
}

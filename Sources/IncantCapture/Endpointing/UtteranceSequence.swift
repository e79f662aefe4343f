/// The utterances an ``Endpointer`` finds in an asynchronous sequence of sample chunks.
///
/// Pulls chunks from the base sequence only as utterances are requested, so cancelling
/// the consumer stops the source. At the end of the base sequence, speech in progress is
/// returned as a last utterance (``Utterance/EndReason/endOfStream``).
public struct UtteranceSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == [Int16] {
    public typealias Element = Utterance

    let base: Base
    let settings: EndpointerSettings

    public init(_ base: Base, settings: EndpointerSettings = EndpointerSettings()) {
        self.base = base
        self.settings = settings
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), endpointer: Endpointer(settings: settings))
    }

    /// Iterates the utterances; see ``UtteranceSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var endpointer: Endpointer
        var ready: [Utterance] = []
        var exhausted = false

        public mutating func next() async throws -> Utterance? {
            while ready.isEmpty {
                if exhausted { return nil }
                if let chunk = try await base.next() {
                    ready = endpointer.process(chunk)
                } else {
                    exhausted = true
                    if let last = endpointer.finish() { ready = [last] }
                }
            }
            return ready.removeFirst()
        }
    }
}

extension UtteranceSequence: Sendable where Base: Sendable {}

extension AsyncSequence where Element == [Int16] {
    /// The utterances in this stream of 16 kHz sample chunks; see ``Endpointer``.
    public func utterances(settings: EndpointerSettings = EndpointerSettings()) -> UtteranceSequence<Self> {
        UtteranceSequence(self, settings: settings)
    }
}

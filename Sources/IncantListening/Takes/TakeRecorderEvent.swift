/// What a ``TakeRecorder`` reports, in order: each take awaited, then recorded.
public enum TakeRecorderEvent: Sendable {
    /// Take `take` (from 1) of `of` is awaited: the phrase should be said now.
    case awaiting(take: Int, of: Int)
    /// A take was cut from the input and transcribed.
    case recorded(RecordedTake)
}

import IncantCapture

/// Where an utterance's speech starts and ends, in seconds from the start of the input: the
/// `"heard": {"start", "end"}` of the lines `listen --json` prints before a decision.
struct HeardSpan: Encodable {
    var start: Double
    var end: Double

    init(_ utterance: Utterance) {
        start = JSON.rounded(utterance.speechStartTime.inSeconds)
        end = JSON.rounded(utterance.speechEndTime.inSeconds)
    }
}

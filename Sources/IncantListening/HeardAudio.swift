import IncantCapture

/// What the recognizer hears of an utterance cut from the front ends' output: that output, or
/// the same stretch as it came when the room around it is quiet (``FrontEndBypass``).
struct HeardAudio: Sendable {
    /// Nil hears every utterance as cut.
    let bypass: FrontEndBypass?
    /// The audio before the front ends, by stream position; nil hears every utterance as cut.
    let unprocessed: UnprocessedAudioTap?

    /// `utterance` with the samples the recognizer hears. An utterance decoded ahead of its
    /// close ends in silence not heard yet (``Endpointer/settledUtterance``): the choice is
    /// made on what has been heard, and that silence is kept as cut. As cut when the stretch
    /// as it came is no longer held.
    func of(_ utterance: Utterance) -> Utterance {
        guard let bypass, let unprocessed,
            let heard = unprocessed.heardSamples(in: utterance.startSample..<utterance.endSample),
            bypass.hearsAsItCame(heard)
        else { return utterance }
        var chosen = utterance
        chosen.samples = heard + utterance.samples.dropFirst(heard.count)
        return chosen
    }
}

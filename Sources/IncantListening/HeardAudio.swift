import IncantCapture

/// What the recognizer hears of an utterance cut from the front ends' output: that output, or
/// the same stretch as it came when the room around it is quiet (``FrontEndBypass``).
struct HeardAudio: Sendable {
    /// Nil hears every utterance as cut.
    let bypass: FrontEndBypass?
    /// The audio before the front ends, by stream position; nil hears every utterance as cut.
    let unprocessed: UnprocessedAudioTap?

    /// Every utterance heard as cut.
    static let asCut = HeardAudio(bypass: nil, unprocessed: nil)

    /// `utterance` with the samples the recognizer hears. As cut when the stretch as it came is
    /// no longer held.
    ///
    /// An utterance decoded ahead of its close ends in silence not heard yet, the silence since
    /// its last speech repeated (``Utterance/filledSampleCount``): the choice is made on the
    /// samples it heard, and that silence is made the same way from the audio as it came. What
    /// the tap holds beyond them (a reader running ahead) is not looked at, so the choice and
    /// the samples depend on the audio alone, not on how far the source has been read.
    func of(_ utterance: Utterance) -> Utterance {
        guard let bypass, let unprocessed,
            let heard = unprocessed.samples(in: utterance.startSample..<utterance.heardEndSample),
            bypass.hearsAsItCame(heard)
        else { return utterance }
        var chosen = utterance
        let missing = utterance.filledSampleCount
        chosen.samples =
            Utterance.extending(heard, silenceFrom: utterance.speechEndSample - utterance.startSample, by: missing)
            ?? heard + utterance.samples.suffix(missing)
        return chosen
    }
}

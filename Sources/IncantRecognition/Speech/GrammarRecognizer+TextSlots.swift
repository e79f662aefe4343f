import IncantGrammar

/// Free-text slots heard by voice: the phrase search followed the carrier words and let a
/// `TextSlotPlaceholder` absorb each slot's speech; here that speech is transcribed by the
/// open-vocabulary search (the model's general English language model) and put in the
/// transcript in place of the placeholder.
extension GrammarRecognizer {
    /// Search frames (10 ms) after a slot that its transcription also reads: the placeholder's
    /// last phone may end before the last word does.
    static let textSlotTrailingFrames = 10

    /// Fills `recognition` (accepted on its carrier words) with what was said in each of
    /// `runs`: the transcript becomes the carrier words with the slots' words in place, and
    /// ``SpeechRecognition/textSlots`` records them. A slot in which no word was made out
    /// rejects the recognition: nothing runs with an empty text.
    ///
    /// - Parameter frames: the utterance's features, when the options give them; without
    ///   them, each slot's samples are transcribed on their own.
    func fillTextSlots(
        _ recognition: inout SpeechRecognition, runs: TextSlotRuns, frames: CepstralFrames?, samples: [Int16],
        cancellation: DecodeCancellation?
    ) throws {
        let dictation = try dictation()
        var slots: [HeardTextSlot] = []
        var dictated: [WordSegment] = []
        for run in runs.runs {
            if cancellation?.isCancelled == true { throw CancellationError() }
            // Up to the next carrier word, at most a few frames past the run.
            let nextWord = runs.hypothesis.words[(run.words.upperBound + 1)...].first { !$0.isFiller }
            var end = run.frames.upperBound + 1 + Self.textSlotTrailingFrames
            if let nextWord { end = min(end, nextWord.startFrame) }
            let words: [WordSegment]
            if let frames {
                let range = run.frames.lowerBound..<min(frames.count, max(end, run.frames.lowerBound + 1))
                words =
                    try dictation.decode(
                        frames, range: range, search: PocketSphinxDecoder.dictationSearch, cancellation: cancellation)?
                    .spokenWords ?? []
            } else {
                let first = runs.hypothesis.audioFrame(run.frames.lowerBound) * RecognitionHypothesis.samplesPerFrame
                let last = min(
                    samples.count, (runs.hypothesis.audioFrame(end - 1) + 1) * RecognitionHypothesis.samplesPerFrame)
                let piece = first < last ? Array(samples[first..<last]) : []
                words =
                    try dictation.decode(
                        piece, search: PocketSphinxDecoder.dictationSearch, cancellation: cancellation)?
                    .spokenWords.map {
                        var word = $0
                        word.startFrame += run.frames.lowerBound
                        word.endFrame += run.frames.lowerBound
                        return word
                    } ?? []
            }
            slots.append(HeardTextSlot(frames: run.frames, text: words.map(\.word).joined(separator: " ")))
            dictated += words
        }
        let texts = slots.map(\.text)
        let sentence = runs.withTokens.spokenWords.map(\.word).joined(separator: " ")
        recognition.textSlots = slots
        recognition.transcript = TextSlotRuns.filling(sentence, with: texts)
        recognition.alternatives = [recognition.transcript]
        let filled = { (contrast: WordContrast) -> WordContrast in
            var contrast = contrast
            contrast.alternative = TextSlotRuns.filling(contrast.alternative, with: texts)
            return contrast
        }
        recognition.contested = recognition.contested.map(filled)
        recognition.contrasts = recognition.contrasts.map(filled)
        recognition.words = (runs.carrier.spokenWords + dictated).sorted { $0.startFrame < $1.startFrame }
        if texts.contains(where: \.isEmpty) {
            recognition.rejection = .nothingDictated
        }
    }
}

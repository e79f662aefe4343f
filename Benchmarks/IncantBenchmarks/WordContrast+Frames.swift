import IncantRecognition

extension WordContrast {
    /// How many frames the contrasted words cover in `words` (the transcript's aligned words the
    /// contrast's places index), from the first one's start to the last one's end; nil when the
    /// places lie outside `words`.
    func frameCount(in words: [WordSegment]) -> Int? {
        guard span.lowerBound >= 0, span.upperBound <= words.count, !span.isEmpty else { return nil }
        return words[span.upperBound - 1].endFrame - words[span.lowerBound].startFrame + 1
    }
}

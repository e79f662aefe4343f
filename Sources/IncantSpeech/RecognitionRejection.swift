/// Why a recognizer rejects what it heard.
public enum RecognitionRejection: Sendable, Hashable {
    /// No words of the phrase set were heard.
    case nothingHeard
    /// Words were heard, but the audio sounds unlike them (speech outside the phrase set,
    /// noise).
    case unlikePhrases
    /// The audio was explained by the engine's filler or garbage words.
    case filler
    /// A phrase's own words were heard, but no word in its free-text slot.
    case nothingDictated
    /// The microphone clipped the speech: `clippedShare` (0–1) of its loud samples were near
    /// full scale, too many for the words heard to be trusted.
    case overdriven(clippedShare: Double)
}

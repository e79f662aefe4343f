import IncantPhrases

/// The phrases of a catalog as one JSGF grammar for pocketsphinx, with the words it uses.
public struct SpeechGrammar: Sendable {
    /// The grammar text (`#JSGF V1.0; grammar incant; public <command> = …;`).
    public var jsgf: String
    /// Every word the grammar can produce (lower case, as the dictionary spells words).
    public var words: Set<String>
    /// Phrases left out of the grammar, with the reason (e.g. unpronounceable words).
    public var skipped: [(entry: PhraseEntry, reason: String)]
    /// How many phrases the grammar holds.
    public var phraseCount: Int
    /// The same phrases as a minimal deterministic word graph in sphinxbase's FSG format,
    /// which decodes much faster than the JSGF; `nil` if it would be too large.
    public var fsg: String?
    /// States and transitions of the FSG (0 when there is none).
    public var fsgStates: Int
    public var fsgTransitions: Int
    /// The same phrases as a word graph, for finding the sentences one word away from a
    /// transcript (the pocketsphinx engine's word contrasts).
    package var graph: WordGraph? = nil
    /// Whether some phrase has a free-text slot (``TextSlotPlaceholder``): the decoder then
    /// needs the placeholder's phone words, and heard slots a second, open-vocabulary pass.
    public var hasTextSlots = false
}

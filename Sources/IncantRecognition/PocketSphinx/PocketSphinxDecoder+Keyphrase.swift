import CPocketSphinx
import Foundation
import IncantPhrases

/// pocketsphinx's keyphrase (keyword-spotting) search: phrases found anywhere in the audio.
extension PocketSphinxDecoder {
    /// Adds a keyword-spotting search `name` for `keyphrases`, each with its own detection
    /// threshold (a likelihood ratio against pocketsphinx's own phone loop, e.g. `1e-20`;
    /// smaller finds more). Every word must be in the dictionary.
    ///
    /// A decoding with it returns one word segment per detection: the keyphrase (its words
    /// joined by spaces) with the frames it spans and, as its posterior, by how much its
    /// score cleared the phone loop's.
    ///
    /// - Throws: ``RecognitionError/wordsMissingFromDictionary(_:)`` for unknown words,
    ///   ``RecognitionError/invalidGrammar(name:message:)`` otherwise.
    public func loadKeyphrases(_ keyphrases: [(phrase: String, threshold: Double)], named name: String) throws {
        // pocketsphinx reads the thresholds only from a file: `phrase /1e-20/` per line.
        let text =
            keyphrases.map { "\($0.phrase) /\(String(format: "%.0e", $0.threshold))/" }
            .joined(separator: "\n") + "\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("incant-kws-\(UUID()).txt")
        try AtomicFile.write(Data(text.utf8), to: file.path)
        defer { try? FileManager.default.removeItem(at: file) }
        try addSearch(named: name, failure: "pocketsphinx could not make a keyphrase search", reportsMissingWords: true)
        {
            ps_set_kws(decoder, name, file.path)
        }
    }
}

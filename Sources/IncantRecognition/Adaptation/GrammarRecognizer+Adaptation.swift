/// Adapting the acoustic model to a user's takes with what a recognizer already has: its
/// model, its front end and its pronunciations.
extension GrammarRecognizer {
    /// The pronunciations of `words` as this recognizer decodes them: those it added (the
    /// project's and the user's overrides, espeak-ng's guesses), else the model dictionary's.
    /// Words found in neither are left out.
    public func pronunciations(of words: Set<String>) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for added in addedWords where words.contains(added.word) {
            result[added.word] = added.pronunciations.map(\.description)
        }
        let rest = words.subtracting(result.keys)
        if !rest.isEmpty {
            for (word, phones) in try DictionarySubset(path: model.dictionary, words: rest).entries {
                result[word] = phones
            }
        }
        return result
    }

    /// Estimates an MLLR transform of this recognizer's model from `takes` (their features
    /// computed by its decoder, their words pronounced as it pronounces them).
    ///
    /// - Throws: ``AdaptationError``.
    public func estimateAdaptation(_ takes: [AdaptationTake], tools: SphinxTrainTools) throws -> MLLRAdapter.Estimate {
        let words = Set(takes.flatMap(\.words))
        return try MLLRAdapter(model: model, tools: tools)
            .estimate(takes: takes, features: decoder, dictionary: try pronunciations(of: words))
    }
}

extension GrammarRecognizer {
    /// Decodes from now on with the MLLR transform at `path`, on every decoder of this
    /// recognizer (the phrase search's and the phone loop's, so their scores stay comparable).
    ///
    /// - Throws: ``AdaptationError/invalidTransform(path:reason:)`` or
    ///   ``RecognitionError/decodingFailed(message:)``.
    public func applyAdaptation(_ path: String) throws {
        try decoder.applyAdaptation(path)
        try phoneLoopDecoder?.applyAdaptation(path)
    }
}

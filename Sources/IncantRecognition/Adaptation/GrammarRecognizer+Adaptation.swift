/// Adapting the acoustic model to a user's takes with what a recognizer already has (its
/// model, its front end and its pronunciations), and decoding with the result.
extension GrammarRecognizer {
    /// The pronunciations of `words` as this recognizer decodes them: its decoder's dictionary
    /// (the model's entries, the project's and the user's overrides, espeak-ng's guesses).
    /// Words it does not know are left out.
    public func pronunciations(of words: Set<String>) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for word in words {
            let known = decoder.pronunciations(of: word)
            if !known.isEmpty { result[word] = known.map { $0.joined(separator: " ") } }
        }
        return result
    }

    /// Estimates an MLLR transform of this recognizer's model from `takes` (their features
    /// computed by its decoder, their words pronounced as it pronounces them).
    ///
    /// - Throws: ``AdaptationError``.
    public func estimateAdaptation(
        _ takes: [AdaptationTake], tools: SphinxTrainTools
    ) async throws -> MLLRAdapter.Estimate {
        let words = Set(takes.flatMap(\.words))
        return try await MLLRAdapter(model: model, tools: tools)
            .estimate(takes: takes, features: decoder, dictionary: pronunciations(of: words))
    }

    /// Decodes from now on with the MLLR transform at `path`, on every decoder of this
    /// recognizer (the phrase search's and the phone loop's, so their scores stay comparable).
    /// The narrow-band transform of ``RecognizerOptions/narrowBandAdaptation`` is no longer
    /// switched on for narrow channels: this transform has learned the channel it was made on.
    ///
    /// - Throws: ``AdaptationError/invalidTransform(path:reason:)`` or
    ///   ``RecognitionError/decodingFailed(message:)``.
    public func applyAdaptation(_ path: String) throws {
        guard let channelAdaptation else {
            for decoder in acousticDecoders { try decoder.applyAdaptation(path) }
            return
        }
        try channelAdaptation.lock.withLock { held in
            held = .other
            for decoder in acousticDecoders { try decoder.applyAdaptation(path) }
        }
    }
}

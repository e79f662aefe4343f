import CPocketSphinx
import Synchronization

/// Changing the MLLR transform that adapts the model to a voice or a microphone.
extension PocketSphinxDecoder {
    /// Decodes from now on with the MLLR transform at `path` (``MLLRTransform``) instead of the
    /// one the decoder started with, if any: pocketsphinx reloads the model's Gaussians and
    /// moves them (`ps_update_mllr`). Waits for a decoding in progress on another thread.
    ///
    /// - Throws: ``AdaptationError/invalidTransform(path:reason:)`` for a bad file;
    ///   ``RecognitionError/decodingFailed(message:)`` while an utterance fed piece by piece is
    ///   open, or when pocketsphinx refuses the transform.
    public func applyAdaptation(_ path: String) throws {
        _ = try MLLRTransform(contentsOf: path)
        try lock.withLock { _ in
            try requireIdle()
            let mark = SphinxLog.mark
            guard let transform = ps_mllr_read(path) else {
                throw RecognitionError.decodingFailed(message: Self.explain(since: mark, or: "cannot read \(path)"))
            }
            // The decoder takes the transform over (it frees the one it held, and this one with
            // the decoder or the next update).
            guard ps_update_mllr(decoder, transform) != nil else {
                ps_mllr_free(transform)
                throw RecognitionError.decodingFailed(
                    message: Self.explain(since: mark, or: "pocketsphinx refused the transform \(path)"))
            }
        }
    }
}

import CPocketSphinx
import Foundation
import IncantCapture
import Synchronization

/// Decoding one whole utterance, from its samples or from its normalised frames (``cepstra(of:)``).
extension PocketSphinxDecoder {
    /// Decodes one whole utterance.
    ///
    /// - Parameters:
    ///   - samples: 16 kHz mono audio, the complete utterance.
    ///   - search: the search to use; nil uses the active one. The active search is not changed.
    ///   - cancellation: stops the decoding when cancelled from another thread. The search
    ///     looks at it every 0.25 s of audio when the options decode whole utterances and track
    ///     their frames (the defaults), and only before it starts otherwise.
    /// - Returns: the hypothesis, or nil when nothing was recognised.
    /// - Throws: `CancellationError` when `cancellation` was cancelled before the search ended.
    public func decode(
        _ samples: [Int16], search: String? = nil, cancellation: DecodeCancellation? = nil
    ) throws -> RecognitionHypothesis? {
        try decodeUtterance(
            search: search, sampleCount: samples.count, cancellation: cancellation, failure: "ps_process_raw failed"
        ) {
            // See PocketSphinxOptions.normalizesWholeUtterance for the trade-off.
            let fullUtterance: Int32 = options.normalizesWholeUtterance ? 1 : 0
            let input = prepared(samples)
            guard options.normalizesWholeUtterance && options.tracksAudioFrames else {
                let status = input.withUnsafeBufferPointer { buffer in
                    ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, fullUtterance)
                }
                return (status, nil)
            }
            // The same decoding as ps_process_raw, noting which audio frames the search saw.
            var frames = [Int32](repeating: 0, count: Int(incant_tracked_capacity(decoder, input.count)))
            var count: Int32 = 0
            let processed = input.withUnsafeBufferPointer { buffer in
                incant_process_tracked(
                    decoder, buffer.baseAddress, buffer.count, Int32(clamping: options.meanFrames),
                    cancellation?.pointer, &frames, &count)
            }
            return (processed, frames.prefix(Int(max(0, count))).map(Int.init))
        }
    }

    /// `samples` as the front end gets them: quiet audio raised (``PocketSphinxOptions/quietAudioTarget``),
    /// then the comfort noise added (``PocketSphinxOptions/addsComfortNoise``).
    func prepared(_ samples: [Int16]) -> [Int16] {
        var input = samples
        if let target = options.quietAudioTarget {
            input = QuietAudioGain.raised(input, target: target, limit: options.quietAudioLimit)
        }
        return options.addsComfortNoise ? ComfortNoise.apply(to: input) : input
    }

    /// Decodes one utterance of `sampleCount` samples with `search` (nil: the active one; it
    /// stays active), fed by `process`, a pocketsphinx call returning below 0 on failure (or
    /// `INCANT_DECODE_STOPPED` when `cancellation` stopped it) and the audio frames the search
    /// saw when known; `failure` names it in errors. Word frames are counted from `frameOffset`.
    private func decodeUtterance(
        search: String?, sampleCount: Int, cancellation: DecodeCancellation?, failure: String,
        frameOffset: Int = 0, _ process: () -> (status: Int32, audioFrames: [Int]?)
    ) throws -> RecognitionHypothesis? {
        try lock.withLock { _ in
            try requireIdle()
            if cancellation?.isCancelled == true { throw CancellationError() }
            let previous = ps_get_search(decoder).map { String(cString: $0) }
            if let search { try select(search) }
            defer { if search != nil { try? restore(previous) } }
            let mark = SphinxLog.mark
            try startUtterance()
            let (processed, frames) = withExtendedLifetime(cancellation) { process() }
            samplesInUtterance = sampleCount
            try finishUtterance()
            if processed == INCANT_DECODE_STOPPED { throw CancellationError() }
            if processed < 0 {
                throw RecognitionError.decodingFailed(message: Self.explain(since: mark, or: failure))
            }
            return collectHypothesis(audioFrames: frames, frameOffset: frameOffset)
        }
    }

    /// The normalised frames the search would see for `samples` (after the comfort noise, the
    /// silence detector and cepstral mean normalisation), for searching them with
    /// ``decode(_:frames:search:cancellation:)``, possibly in pieces or on another decoder of
    /// the same model and settings.
    ///
    /// - Returns: nil when the options do not normalise whole utterances with tracked frames
    ///   (``PocketSphinxOptions/normalizesWholeUtterance``, ``PocketSphinxOptions/tracksAudioFrames``),
    ///   or the model asks for a normalisation that cannot be computed beforehand.
    public func cepstra(of samples: [Int16]) throws -> CepstralFrames? {
        guard options.normalizesWholeUtterance && options.tracksAudioFrames else { return nil }
        return try lock.withLock { _ in
            try requireIdle()
            let input = prepared(samples)
            let mark = SphinxLog.mark
            // The front end's noise estimate carries over from the audio it ran on last. A
            // decoding starts a new stream before its front end runs; without one here, the
            // frames of an utterance depended on whether the search of the previous one had
            // started (a speculation cancelled before its search left them shifted).
            guard ps_start_stream(decoder) == 0 else {
                throw RecognitionError.decodingFailed(message: Self.explain(since: mark, or: "ps_start_stream failed"))
            }
            let capacity = Int(incant_tracked_capacity(decoder, input.count))
            let width = Int(fe_get_output_size(ps_get_fe(decoder)))
            var values = [Float](repeating: 0, count: capacity * width)
            var kept = [Int32](repeating: 0, count: capacity)
            let count = input.withUnsafeBufferPointer { buffer in
                incant_cepstra_tracked(
                    decoder, buffer.baseAddress, buffer.count, Int32(clamping: options.meanFrames), &values, &kept)
            }
            if count == INCANT_CEPSTRA_UNNORMALIZED { return nil }
            guard count >= 0 else {
                throw RecognitionError.decodingFailed(message: Self.explain(since: mark, or: "the front end failed"))
            }
            values.removeLast(values.count - Int(count) * width)
            return CepstralFrames(
                values: values, width: width, audioFrames: kept.prefix(Int(count)).map(Int.init),
                sampleCount: samples.count)
        }
    }

    /// Searches `range` of `frames` (from ``cepstra(of:)``) as one utterance.
    ///
    /// The whole range gives the same hypothesis as ``decode(_:search:cancellation:)`` on the
    /// samples. A part is searched as an utterance of its own (its first and last frames'
    /// dynamic features are padded, and its path starts and ends there); its word frames
    /// still count from the start of `frames`.
    ///
    /// - Throws: `CancellationError` when `cancellation` was cancelled before the search ended.
    public func decode(
        _ frames: CepstralFrames, range: Range<Int>? = nil, search: String? = nil,
        cancellation: DecodeCancellation? = nil
    ) throws -> RecognitionHypothesis? {
        let range = range ?? 0..<frames.count
        precondition(range.lowerBound >= 0 && range.upperBound <= frames.count, "frame range out of bounds")
        return try decodeUtterance(
            search: search, sampleCount: frames.sampleCount, cancellation: cancellation,
            failure: "ps_process_cep failed", frameOffset: range.lowerBound
        ) {
            guard !range.isEmpty else { return (ps_process_cep(decoder, nil, 0, 0, 1), frames.audioFrames) }
            let status = frames.values.withUnsafeBufferPointer { buffer in
                incant_search_rows(
                    decoder, buffer.baseAddress! + range.lowerBound * frames.width, Int32(range.count),
                    Int32(frames.width), cancellation?.pointer)
            }
            return (status, frames.audioFrames)
        }
    }
}

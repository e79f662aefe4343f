import CPocketSphinx
import Synchronization

/// An utterance fed piece by piece, decoded while the user is still speaking.
extension PocketSphinxDecoder {
    /// Starts an utterance fed piece by piece with ``process(_:)`` (decoding while the user
    /// is still speaking), using `search` or the active search.
    public func beginUtterance(search: String? = nil) throws {
        try lock.withLock { _ in
            try requireIdle()
            if let search { try select(search) }
            try startUtterance()
        }
    }

    /// Feeds the next samples of the utterance begun with ``beginUtterance(search:)``.
    public func process(_ samples: [Int16]) throws {
        try lock.withLock { _ in
            guard inUtterance else { throw RecognitionError.decodingFailed(message: "no utterance was begun") }
            let mark = SphinxLog.mark
            let input = options.addsComfortNoise ? ComfortNoise.apply(to: samples) : samples
            let processed = input.withUnsafeBufferPointer { buffer in
                ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 0)
            }
            samplesInUtterance += samples.count
            if processed < 0 {
                throw RecognitionError.decodingFailed(message: Self.explain(since: mark, or: "ps_process_raw failed"))
            }
        }
    }

    /// Ends the utterance begun with ``beginUtterance(search:)`` and returns what was heard.
    public func endUtterance() throws -> RecognitionHypothesis? {
        try lock.withLock { _ in
            guard inUtterance else { throw RecognitionError.decodingFailed(message: "no utterance was begun") }
            try finishUtterance()
            return collectHypothesis()
        }
    }
}

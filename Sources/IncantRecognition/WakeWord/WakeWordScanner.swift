import IncantCapture

/// Searches continuous audio for a wake phrase in overlapping chunks
/// (``WakeWordOptions/chunkSeconds`` long, ``WakeWordOptions/overlapSeconds`` apart), so that
/// audio of any length is searched in bounded memory and a phrase across a chunk boundary is
/// whole in one of them. Candidates found twice in the overlap are reported once.
///
/// Given the audio before the front end too, it searches both views of each chunk and scores
/// each place by both (``PocketSphinxWakeWordDetector/bothViews(_:_:)``).
public struct WakeWordScanner {
    public let detector: PocketSphinxWakeWordDetector
    /// Whether the audio before the front end is searched too.
    public let searchesUnprocessed: Bool
    /// Samples not yet searched past the overlap, and where they start in the stream.
    private var buffer: [Int16] = []
    /// The audio before the front end from `bufferStart` on (it may run ahead of `buffer` by
    /// the front end's latency).
    private var unprocessed: [Int16] = []
    private var bufferStart = 0
    /// Candidates of the last chunk that lie in its overlap, held until the next chunk has
    /// been searched.
    private var pending: [WakeCandidate] = []
    /// The plain keyphrase detections per baseline threshold, as sample spans of the stream.
    public private(set) var baseline: [[ClosedRange<Int>]]

    /// - Parameter searchesUnprocessed: ``process(_:unprocessed:)`` is given the audio before
    ///   the front end too, sample for sample (the front end's output lines up with its input).
    public init(detector: PocketSphinxWakeWordDetector, searchesUnprocessed: Bool = false) {
        self.detector = detector
        self.searchesUnprocessed = searchesUnprocessed
        baseline = detector.baselineThresholds.map { _ in [] }
    }

    private var chunkLength: Int { Int(detector.options.chunkSeconds * Double(AudioFormat.sampleRate)) }
    private var overlapLength: Int {
        min(chunkLength / 2, Int(detector.options.overlapSeconds * Double(AudioFormat.sampleRate)))
    }

    /// Adds `samples` and returns the candidates that are final (none later can overlap them).
    ///
    /// - Parameter unprocessed: with ``searchesUnprocessed``, the next samples of the audio
    ///   before the front end (they may run ahead of `samples`); ignored otherwise.
    public mutating func process(_ samples: [Int16], unprocessed: [Int16] = []) throws -> [WakeCandidate] {
        buffer += samples
        if searchesUnprocessed { self.unprocessed += unprocessed }
        var found: [WakeCandidate] = []
        while buffer.count >= chunkLength {
            found += try searchChunk(Array(buffer[0..<chunkLength]), final: false)
            let advance = chunkLength - overlapLength
            buffer.removeFirst(advance)
            self.unprocessed.removeFirst(min(advance, self.unprocessed.count))
            bufferStart += advance
        }
        return found
    }

    /// Searches what is left and returns the remaining candidates.
    public mutating func finish() throws -> [WakeCandidate] {
        defer {
            buffer = []
            unprocessed = []
            pending = []
        }
        guard buffer.count > overlapLength || (bufferStart == 0 && !buffer.isEmpty) else {
            let rest = pending
            return rest
        }
        return try searchChunk(buffer, final: true)
    }

    private mutating func searchChunk(_ chunk: [Int16], final: Bool) throws -> [WakeCandidate] {
        var (found, plain) = try detector.candidates(inChunk: chunk, closing: final)
        if searchesUnprocessed {
            // The same stretch as it is, up to the end of what the front end has given so far.
            let before = Array(unprocessed.prefix(chunk.count))
            let (other, _) = try detector.candidates(inChunk: before, closing: final, baseline: false)
            found = detector.bothViews(found, other)
        }
        let shifted = found.map { $0.shifted(by: bufferStart) }
        for (index, spans) in plain.enumerated() {
            for span in spans {
                let moved = (span.lowerBound + bufferStart)...(span.upperBound + bufferStart)
                if let last = baseline[index].last, last.overlaps(moved) { continue }
                baseline[index].append(moved)
            }
        }
        // Merge with the previous chunk's overlap candidates: keep the more confident.
        var merged = pending
        for candidate in shifted {
            if let index = merged.firstIndex(where: { $0.overlaps(candidate) }) {
                if candidate.confidence > merged[index].confidence { merged[index] = candidate }
            } else {
                merged.append(candidate)
            }
        }
        merged.sort { $0.startSample < $1.startSample }
        if final {
            pending = []
            return merged
        }
        let overlapStart = bufferStart + chunk.count - overlapLength
        pending = merged.filter { $0.endSample > overlapStart }
        return merged.filter { $0.endSample <= overlapStart }
    }
}

import IncantCapture

/// Searches continuous audio for a wake phrase in overlapping chunks
/// (``WakeWordOptions/chunkSeconds`` long, ``WakeWordOptions/overlapSeconds`` apart), so that
/// audio of any length is searched in bounded memory and a phrase across a chunk boundary is
/// whole in one of them. Candidates found twice in the overlap are reported once.
public struct WakeWordScanner {
    public let detector: PocketSphinxWakeWordDetector
    /// Samples not yet searched past the overlap, and where they start in the stream.
    private var buffer: [Int16] = []
    private var bufferStart = 0
    /// Candidates of the last chunk that lie in its overlap, held until the next chunk has
    /// been searched.
    private var pending: [WakeCandidate] = []
    /// The plain keyphrase detections per baseline threshold, as sample spans of the stream.
    public private(set) var baseline: [[ClosedRange<Int>]]

    public init(detector: PocketSphinxWakeWordDetector) {
        self.detector = detector
        baseline = detector.baselineThresholds.map { _ in [] }
    }

    private var chunkLength: Int { Int(detector.options.chunkSeconds * Double(AudioFormat.sampleRate)) }
    private var overlapLength: Int {
        min(chunkLength / 2, Int(detector.options.overlapSeconds * Double(AudioFormat.sampleRate)))
    }

    /// Adds `samples` and returns the candidates that are final (none later can overlap them).
    public mutating func process(_ samples: [Int16]) throws -> [WakeCandidate] {
        buffer += samples
        var found: [WakeCandidate] = []
        while buffer.count >= chunkLength {
            found += try searchChunk(Array(buffer[0..<chunkLength]), final: false)
            let advance = chunkLength - overlapLength
            buffer.removeFirst(advance)
            bufferStart += advance
        }
        return found
    }

    /// Searches what is left and returns the remaining candidates.
    public mutating func finish() throws -> [WakeCandidate] {
        defer {
            buffer = []
            pending = []
        }
        guard buffer.count > overlapLength || (bufferStart == 0 && !buffer.isEmpty) else {
            let rest = pending
            return rest
        }
        return try searchChunk(buffer, final: true)
    }

    private mutating func searchChunk(_ chunk: [Int16], final: Bool) throws -> [WakeCandidate] {
        let (found, plain) = try detector.candidates(inChunk: chunk, closing: final)
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

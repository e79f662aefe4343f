import IncantCapture
import IncantSpeech

/// Searches continuous audio for a wake phrase in overlapping chunks
/// (``WakeWordOptions/chunkSeconds`` long, ``WakeWordOptions/overlapSeconds`` apart), so that
/// audio of any length is searched in bounded memory and a phrase across a chunk boundary is
/// whole in one of them. Candidates found twice in the overlap are reported once.
///
/// With a second view (``SecondView``) it searches the audio through a front end and as it is,
/// and scores each place by both (``PocketSphinxWakeWordDetector/bothViews(_:_:)``).
public struct WakeWordScanner {
    /// The other view of the audio searched besides the samples given, if any.
    public enum SecondView {
        /// The samples given alone.
        case none
        /// The samples given are the audio through a front end, and ``process(_:unprocessed:)``
        /// is given the audio before it as well: both streams are searched whole.
        case stream
        /// As ``stream``, but the audio before the front end is searched whole and the samples
        /// given only around its places, as ``onDemand(_:)`` searches: for a listener that has
        /// the audio through its front end anyway and need not search all of it.
        case streamOnDemand
        /// The samples given are the audio as it is. Around each place found in them with a
        /// confidence of at least ``WakeWordOptions/secondViewFloor``, a stretch of them goes
        /// through this front end as a stream of its own and is searched, so that the front
        /// end runs only where a wake word may be.
        case onDemand(any AudioFrontEnd)
    }

    public let detector: PocketSphinxWakeWordDetector
    public let secondView: SecondView
    /// Whether ``process(_:unprocessed:)`` is given the audio before the front end too.
    public var searchesUnprocessed: Bool {
        switch secondView {
        case .stream, .streamOnDemand: true
        case .none, .onDemand: false
        }
    }
    /// Whether the audio before the front end is the view searched whole (the other only
    /// around its places).
    private var searchesUnprocessedWhole: Bool {
        if case .streamOnDemand = secondView { return true }
        return false
    }
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

    /// - Parameter secondView: with ``SecondView/stream``, ``process(_:unprocessed:)`` is given
    ///   the audio before the front end too, sample for sample (the front end's output lines up
    ///   with its input).
    public init(detector: PocketSphinxWakeWordDetector, secondView: SecondView = .none) {
        self.detector = detector
        self.secondView = secondView
        baseline = detector.baselineThresholds.map { _ in [] }
    }

    /// Samples searched through the front end in front of a place, for an on-demand second view.
    private var leadLength: Int { Int(detector.options.secondViewLeadSeconds * Double(AudioFormat.sampleRate)) }
    /// Samples searched through the front end after a place.
    private var tailLength: Int { detector.options.padding * RecognitionHypothesis.samplesPerFrame }

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
        // The same stretch as it is, up to the end of what the front end has given so far.
        let before = searchesUnprocessed ? Array(unprocessed.prefix(chunk.count)) : []
        var (found, plain) = try detector.candidates(
            inChunk: searchesUnprocessedWhole ? before : chunk, closing: final)
        switch secondView {
        case .none: break
        case .stream:
            let (other, _) = try detector.candidates(inChunk: before, closing: final, baseline: false)
            found = detector.bothViews(found, other)
        case .streamOnDemand:
            let processed = try candidates(around: found, in: chunk, closing: final) { $0 }
            found = detector.bothViews(processed, found)
        case .onDemand(let frontEnd):
            let processed = try candidates(around: found, in: chunk, closing: final) { frontEnd.wholeRecording($0) }
            found = detector.bothViews(processed, found)
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

    /// The candidates of the audio through the front end around each of `places` (found in the
    /// audio as it is) whose confidence reaches ``WakeWordOptions/secondViewFloor``: stretches
    /// from ``WakeWordOptions/secondViewLeadSeconds`` before to ``WakeWordOptions/padding``
    /// frames after, joined where they meet, each of `chunk` made into that view by `view`
    /// (through the front end as a stream of its own, or as it is when `chunk` is already that
    /// view).
    private func candidates(
        around places: [WakeCandidate], in chunk: [Int16], closing: Bool, view: ([Int16]) -> [Int16]
    ) throws -> [WakeCandidate] {
        var stretches: [Range<Int>] = []
        for place in places.sorted(by: { $0.startSample < $1.startSample })
        where place.confidence >= detector.options.secondViewFloor {
            let stretch = max(0, place.startSample - leadLength)..<min(chunk.count, place.endSample + tailLength)
            if let last = stretches.last, last.upperBound >= stretch.lowerBound {
                stretches[stretches.count - 1] = last.lowerBound..<max(last.upperBound, stretch.upperBound)
            } else {
                stretches.append(stretch)
            }
        }
        var found: [WakeCandidate] = []
        for stretch in stretches where !stretch.isEmpty {
            let heard = view(Array(chunk[stretch]))
            // A stretch that ends inside the chunk is closed like the end of the audio.
            let (candidates, _) = try detector.candidates(
                inChunk: heard, closing: closing || stretch.upperBound < chunk.count, baseline: false)
            found += candidates.map { $0.shifted(by: stretch.lowerBound) }
        }
        return found
    }
}

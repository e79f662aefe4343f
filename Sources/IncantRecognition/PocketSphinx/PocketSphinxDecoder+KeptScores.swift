import CPocketSphinx
import Foundation
import Synchronization

/// The last utterance's senone scores (``PocketSphinxOptions/keepsSenoneScores``): their folder, kept, searched again.
extension PocketSphinxDecoder {
    /// One utterance's senone scores as pocketsphinx wrote them, open (their file is removed).
    struct KeptScores {
        var handle: UnsafeMutablePointer<FILE>
        var sampleCount: Int
        var audioFrames: [Int]?
        /// Where the searched frames start in the utterance's (see ``decode(_:range:search:cancellation:)``).
        var frameOffset: Int
    }

    /// Searches the last utterance again with `search`, from the senone scores this decoder
    /// kept (``PocketSphinxOptions/keepsSenoneScores``) instead of its audio: the same
    /// hypothesis as decoding that utterance's audio with `search` (every senone was scored),
    /// without scoring its frames again. `search` stays inactive afterwards.
    ///
    /// - Throws: ``RecognitionError/decodingFailed(message:)`` when no scores were kept (the
    ///   option is off, or no utterance was decoded) or pocketsphinx cannot read them.
    public func decodeKeptScores(search: String) throws -> RecognitionHypothesis? {
        try lock.withLock { _ in
            try requireIdle()
            guard let kept = keptScores else {
                throw RecognitionError.decodingFailed(
                    message: options.keepsSenoneScores
                        ? "no utterance has been decoded whose senone scores could be searched again"
                        : "this decoder does not keep senone scores (PocketSphinxOptions.keepsSenoneScores)")
            }
            let previous = ps_get_search(decoder).map { String(cString: $0) }
            try select(search)
            defer { try? restore(previous) }
            let mark = SphinxLog.mark
            // Frames count from 0 only in a new stream (see startUtterance).
            guard ps_start_stream(decoder) == 0 else {
                throw RecognitionError.decodingFailed(message: Self.explain(since: mark, or: "ps_start_stream failed"))
            }
            rewind(kept.handle)
            // It begins an utterance of its own, whose (unneeded) scores pocketsphinx writes too.
            let searched = try inScoresFolder(keeping: false) { ps_decode_senscr(decoder, kept.handle) }.result
            guard searched >= 0 else {
                throw RecognitionError.decodingFailed(
                    message: Self.explain(since: mark, or: "ps_decode_senscr failed on the kept senone scores"))
            }
            samplesInUtterance = kept.sampleCount
            return collectHypothesis(audioFrames: kept.audioFrames, frameOffset: kept.frameOffset)
        }
    }

    // MARK: Internals (lock held)

    /// Closes the kept senone scores before another utterance replaces them.
    func dropKeptScores() {
        if let keptScores { fclose(keptScores.handle) }
        keptScores = nil
    }

    /// Creates ``scoresFolder`` for pocketsphinx to write the next utterance's scores in.
    func openScoresFolder() throws {
        guard let scoresFolder else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: scoresFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw RecognitionError.decodingFailed(
                message: "cannot create a folder for senone scores at '\(scoresFolder)': \(error.localizedDescription)")
        }
    }

    /// Runs `work`, one utterance whose senone scores pocketsphinx writes into ``scoresFolder``
    /// (created first, unless ``beginUtterance(search:)`` did), then removes the folder, whether
    /// `work` threw or not. Returns `work`'s result and, when `keeping`, the scores, opened.
    @discardableResult
    func inScoresFolder<T>(
        keeping: Bool, _ work: () throws -> T
    ) throws -> (result: T, scores: UnsafeMutablePointer<FILE>?) {
        guard let scoresFolder else { return (try work(), nil) }
        try openScoresFolder()
        defer { try? FileManager.default.removeItem(atPath: scoresFolder) }
        let result = try work()
        guard keeping else { return (result, nil) }
        // The file of the utterance just ended (pocketsphinx names it by utterance number).
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scoresFolder)) ?? []
        let scores = names.first { $0.hasSuffix(".sen") }.flatMap { fopen(scoresFolder + "/" + $0, "rb") }
        return (result, scores)
    }

    // MARK: Helpers

    /// A folder for short-lived files that is kept in memory when the system has one (the
    /// user's runtime folder, else `/dev/shm`), so that kept senone scores (megabytes per
    /// utterance) do not wear an SD card; else the temporary folder.
    static var memoryBackedTemporaryFolder: String {
        let candidates = [ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], "/dev/shm"].compactMap { $0 }
        return candidates.first { !$0.isEmpty && FileManager.default.isWritableFile(atPath: $0) }
            ?? FileManager.default.temporaryDirectory.path
    }
}

import Foundation
import IncantSpeech
import Synchronization

/// Adapts the acoustic model, while listening, to the utterances the listener accepted: every
/// ``Settings/interval`` accepted utterances, one MLLR transform is estimated from the last
/// ``Settings/window`` of them, with the words that were heard (no one says whether they were
/// right), written to a file and applied to the recognizer.
///
/// The transform follows the room, the microphone and the voices of the last few minutes. It
/// keeps each utterance's features (about 15 KB per 3 s), not its audio.
public final class OnlineAdaptation: Sendable {
    /// How many utterances are kept and how often the transform is estimated.
    public struct Settings: Sendable, Equatable {
        /// Accepted utterances kept (the oldest go first).
        public var window = 40
        /// New accepted utterances between two estimates.
        public var interval = 10

        public init(window: Int = 40, interval: Int = 10) {
            self.window = max(1, window)
            self.interval = max(1, interval)
        }
    }

    /// The recognizer adapted.
    public let recognizer: GrammarRecognizer
    /// The file each transform is written to before it is applied.
    public let path: String
    public let settings: Settings
    let tools: SphinxTrainTools
    private let state = Mutex(State())

    private struct State {
        /// The model folder `bw` reads, prepared at the first estimate and kept until deinit.
        var preparedModel: String?
        var recent: [MLLRAdapter.FeatureTake] = []
        var sinceEstimate = 0
        var estimating = false
        var count = 0
    }

    public init(recognizer: GrammarRecognizer, tools: SphinxTrainTools, path: String, settings: Settings = Settings()) {
        self.recognizer = recognizer
        self.tools = tools
        self.path = path
        self.settings = settings
    }

    deinit {
        if let folder = state.withLock({ $0.preparedModel }) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
        }
    }

    /// Keeps an accepted utterance (its features, computed now, and the words heard) and says
    /// whether an estimate is due: ``Settings/interval`` utterances since the last one and none
    /// running. The caller then awaits ``update()``.
    public func record(_ samples: [Int16], words: [String]) throws -> Bool {
        guard !words.isEmpty, let frames = try recognizer.decoder.cepstra(of: samples) else { return false }
        return state.withLock { state in
            state.count += 1
            state.recent.append(
                MLLRAdapter.FeatureTake(label: "utterance \(state.count)", frames: frames, words: words))
            if state.recent.count > settings.window { state.recent.removeFirst(state.recent.count - settings.window) }
            state.sinceEstimate += 1
            guard state.sinceEstimate >= settings.interval, !state.estimating else { return false }
            state.estimating = true
            return true
        }
    }

    /// Estimates a transform from the kept utterances, writes it atomically to ``path`` and
    /// applies it to the recognizer, between two decodings of the ``DecodingQueue``. When the
    /// kept utterances hold too little speech, nothing changes and the next accepted utterance
    /// makes the estimate due again; after any other failure, the next try waits for another
    /// ``Settings/interval`` utterances.
    ///
    /// - Returns: the estimate, or nil when there was too little speech.
    @discardableResult
    public func update() async throws -> MLLRAdapter.Estimate? {
        let takes = state.withLock { $0.recent }
        var retriesSoon = false
        defer {
            state.withLock { state in
                state.estimating = false
                if !retriesSoon { state.sinceEstimate = 0 }
            }
        }
        var adapter = MLLRAdapter(model: recognizer.model, tools: tools)
        adapter.preparedModel = try await preparedModel(for: adapter)
        let estimate: MLLRAdapter.Estimate
        do {
            let words = Set(takes.flatMap(\.words))
            estimate = try await adapter.estimate(prepared: takes, dictionary: recognizer.pronunciations(of: words))
        } catch AdaptationError.tooLittleSpeech {
            retriesSoon = true
            return nil
        }
        try estimate.transform.write(to: path)
        // Between two decodings: both searches of an utterance use the same model.
        try await DecodingQueue.run { [recognizer, path] in try recognizer.applyAdaptation(path) }
        return estimate
    }

    /// The model folder for `bw`, prepared once (in a private temporary folder).
    private func preparedModel(for adapter: MLLRAdapter) async throws -> String {
        if let folder = state.withLock({ $0.preparedModel }) { return folder }
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("incant-online-model-\(UUID())")
        try FileManager.default.createDirectory(
            at: parent, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let folder = parent.appendingPathComponent("model").path
        do {
            try await adapter.prepareModel(at: folder)
        } catch {
            try? FileManager.default.removeItem(at: parent)
            throw error
        }
        state.withLock { $0.preparedModel = folder }
        return folder
    }
}

extension OnlineAdaptation: UtteranceLearner {
    /// Keeps the utterance and, when an estimate is due, adapts the recognizer.
    public func learn(from samples: [Int16], transcript: String) async throws -> Int? {
        guard try record(samples, words: transcript.split(separator: " ").map(String.init)) else { return nil }
        return try await update()?.used.count
    }
}

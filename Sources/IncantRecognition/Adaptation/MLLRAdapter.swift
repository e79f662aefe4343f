import Foundation

/// Estimates an ``MLLRTransform`` of the acoustic model from recorded takes, with SphinxTrain's
/// `bw` and `mllr_solve` (``SphinxTrainTools``), the way CMU Sphinx's adaptation guide does it.
///
/// The takes' features are the ones the decoder searches (``PocketSphinxDecoder/cepstra(of:)``:
/// the same front end, silence detector and cepstral mean), so the transform learns the
/// speaker, microphone and room, not a difference between two front ends. Everything happens
/// in a private temporary folder, removed afterwards; the model's own files are only read.
public struct MLLRAdapter: Sendable {
    /// The model to adapt (its acoustic model folder is read).
    public var model: PocketSphinxModel
    /// The SphinxTrain programs.
    public var tools: SphinxTrainTools
    /// Takes with fewer feature frames than this (10 ms each) are skipped.
    public var minimumFrames = 20
    /// The least speech, in frames (10 ms each), of all takes together: one transform has
    /// about 550 numbers to estimate, and a few seconds of speech would fit them to its words
    /// rather than to the voice and the room.
    public var minimumSpeechFrames = 1_000
    /// Where the private working folder is made (and removed).
    public var temporaryParent = FileManager.default.temporaryDirectory
    /// A folder made by ``prepareModel(at:)`` for this model, used instead of preparing one
    /// for every estimate (an adapter that estimates again and again, ``OnlineAdaptation``).
    public var preparedModel: String?

    public init(model: PocketSphinxModel, tools: SphinxTrainTools) {
        self.model = model
        self.tools = tools
    }

    /// What an estimation produced.
    public struct Estimate: Sendable {
        /// The transform.
        public var transform: MLLRTransform
        /// Labels of the takes used.
        public var used: [String]
        /// Takes left out, each with why.
        public var skipped: [String]
    }

    /// Aligns `takes` to their words with the model and solves for one transform of all its
    /// Gaussian means.
    ///
    /// - Parameters:
    ///   - features: computes the takes' features; it must normalise whole utterances
    ///     (``PocketSphinxOptions/normalizesWholeUtterance``, ``PocketSphinxOptions/tracksAudioFrames``).
    ///   - dictionary: the pronunciations of every word of the takes (main one first), each as
    ///     its phones separated by spaces (`K AO F IY`).
    /// - Throws: ``AdaptationError``: a take without enough speech, a word without a
    ///   pronunciation, an unsupported model, a SphinxTrain program that failed.
    public func estimate(
        takes: [AdaptationTake], features: PocketSphinxDecoder, dictionary: [String: [String]]
    ) async throws -> Estimate {
        var prepared: [FeatureTake] = []
        for take in takes {
            guard let frames = try features.cepstra(of: take.samples) else {
                throw AdaptationError.unsupportedModel(
                    path: model.acousticModel, reason: "the decoder does not normalise whole utterances")
            }
            prepared.append(FeatureTake(label: take.label, frames: frames, words: take.words))
        }
        return try await estimate(prepared: prepared, dictionary: dictionary)
    }

    /// A take whose features are already computed (``PocketSphinxDecoder/cepstra(of:)``).
    public struct FeatureTake: Sendable {
        public var label: String
        public var frames: CepstralFrames
        public var words: [String]

        public init(label: String, frames: CepstralFrames, words: [String]) {
            self.label = label
            self.frames = frames
            self.words = words
        }
    }

    /// Like ``estimate(takes:features:dictionary:)``, from features computed before.
    public func estimate(prepared takes: [FeatureTake], dictionary: [String: [String]]) async throws -> Estimate {
        let parameters = try modelParameters()
        var entries: [String: [String]] = [:]
        for word in Set(takes.flatMap(\.words)).sorted() {
            guard let pronunciations = dictionary[word], !pronunciations.isEmpty else {
                throw AdaptationError.wordWithoutPronunciation(word)
            }
            entries[word] = pronunciations
        }
        let folder = temporaryParent.appendingPathComponent("incant-adapt-\(UUID())").path
        try FileManager.default.createDirectory(
            atPath: folder + "/mfc", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: folder) }

        var used: [String] = []
        var skipped: [String] = []
        var identifiers: [String] = []
        var transcripts: [String] = []
        var speechFrames = 0
        for take in takes {
            guard !take.words.isEmpty else {
                skipped.append("\(take.label): no words")
                continue
            }
            let frames = take.frames
            guard frames.count >= minimumFrames else {
                skipped.append("\(take.label): \(frames.count) frames of speech, fewer than \(minimumFrames)")
                continue
            }
            let identifier = "take\(identifiers.count + 1)"
            try Self.featureFile(frames).write(to: URL(fileURLWithPath: "\(folder)/mfc/\(identifier).mfc"))
            identifiers.append(identifier)
            speechFrames += frames.count
            transcripts.append("<s> \(take.words.joined(separator: " ")) </s> (\(identifier))")
            used.append(take.label)
        }
        guard !used.isEmpty else { throw AdaptationError.noUsableTakes(skipped: skipped) }
        guard speechFrames >= minimumSpeechFrames else {
            throw AdaptationError.tooLittleSpeech(
                seconds: Double(speechFrames) / 100, takes: used.count, needed: Double(minimumSpeechFrames) / 100)
        }

        try DictionarySubset(entries: entries).text.write(
            toFile: folder + "/words.dict", atomically: false, encoding: .utf8)
        try (identifiers.joined(separator: "\n") + "\n").write(
            toFile: folder + "/takes.ids", atomically: false, encoding: .utf8)
        try (transcripts.joined(separator: "\n") + "\n").write(
            toFile: folder + "/takes.transcription", atomically: false, encoding: .utf8)

        let modelFolder: String
        if let preparedModel {
            modelFolder = preparedModel
        } else {
            modelFolder = folder + "/model"
            try await prepareModel(at: modelFolder)
        }
        try FileManager.default.createDirectory(atPath: folder + "/counts", withIntermediateDirectories: false)
        try await tools.run(
            tools.baumWelch,
            [
                "-hmmdir", modelFolder, "-moddeffn", modelFolder + "/mdef.txt", "-ts2cbfn", parameters.tiedStates,
                "-feat", parameters.feature, "-svspec", parameters.streams, "-cmn", "none", "-varnorm", "no",
                "-agc", "none", "-dictfn", "words.dict", "-fdictfn", modelFolder + "/noisedict", "-ctlfn", "takes.ids",
                "-lsnfn", "takes.transcription", "-cepdir", "mfc", "-accumdir", "counts", "-timing", "no",
            ], in: folder)
        try await tools.run(
            tools.mllrSolve,
            [
                "-meanfn", modelFolder + "/means", "-varfn", modelFolder + "/variances", "-outmllrfn", "transform.mllr",
                "-accumdir", "counts",
            ], in: folder)
        let transform = try MLLRTransform(contentsOf: folder + "/transform.mllr")
        return Estimate(transform: transform, used: used, skipped: skipped)
    }

    /// The feature settings of the model (`feat.params`) that `bw` must be told.
    struct ModelParameters {
        var feature: String
        var streams: String
        /// `.ptm.`, `.semi.` or `.cont.`: how states share codebooks.
        var tiedStates: String
    }

    func modelParameters() throws(AdaptationError) -> ModelParameters {
        let path = model.acousticModel + "/feat.params"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unsupportedModel(path: model.acousticModel, reason: "no readable feat.params")
        }
        var values: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].hasPrefix("-") { values[String(parts[0].dropFirst())] = parts[1] }
        }
        if FileManager.default.fileExists(atPath: model.acousticModel + "/feature_transform") {
            throw .unsupportedModel(
                path: model.acousticModel, reason: "models with a feature transform (LDA) are not supported")
        }
        let feature = values["feat"] ?? "1s_c_d_dd"
        let tiedStates: String
        switch values["model"] {
        case "ptm": tiedStates = ".ptm."
        case "semi": tiedStates = ".semi."
        default: tiedStates = ".cont."
        }
        return ModelParameters(feature: feature, streams: values["svspec"] ?? "0-38", tiedStates: tiedStates)
    }

    /// Makes `target`, a folder `bw` can read the model from: links to the model's files, its
    /// definition as text, and mixture weights (converted from `sendump` when the model has no
    /// `mixture_weights`). Its parent must exist.
    public func prepareModel(at target: String) async throws {
        let source = model.acousticModel
        let manager = FileManager.default
        try manager.createDirectory(atPath: target, withIntermediateDirectories: false)
        for name in ["means", "variances", "transition_matrices", "noisedict", "feat.params"] {
            guard manager.isReadableFile(atPath: source + "/" + name) else {
                throw AdaptationError.unsupportedModel(path: source, reason: "no readable \(name)")
            }
            try manager.createSymbolicLink(atPath: target + "/" + name, withDestinationPath: source + "/" + name)
        }
        if manager.isReadableFile(atPath: source + "/mixture_weights") {
            try manager.createSymbolicLink(
                atPath: target + "/mixture_weights", withDestinationPath: source + "/mixture_weights")
        } else {
            try MixtureWeights(sendump: source + "/sendump").write(to: target + "/mixture_weights")
        }
        try await tools.run(
            tools.modelDefinitionConverter, ["-text", source + "/mdef", target + "/mdef.txt"], in: target)
    }

    /// One take's features as a Sphinx feature file: the number of values, then the values
    /// (native byte order; SphinxTrain tells the order from the file's length).
    static func featureFile(_ frames: CepstralFrames) -> Data {
        var data = Data()
        withUnsafeBytes(of: Int32(clamping: frames.values.count)) { data.append(contentsOf: $0) }
        frames.values.withUnsafeBytes { data.append(contentsOf: $0) }
        return data
    }
}

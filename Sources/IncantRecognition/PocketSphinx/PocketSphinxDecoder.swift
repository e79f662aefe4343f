import CPocketSphinx
import Foundation
import IncantCapture
import Synchronization

/// A warm pocketsphinx 0.8 (5prealpha) decoder: the acoustic model and dictionary are
/// loaded once and reused for every utterance; grammars are compiled once into named
/// searches and switched between cheaply.
///
/// ## Concurrency
/// pocketsphinx's decoder is a single mutable C object that must never be used from two
/// threads at once. Every call here takes an internal `Mutex` for its whole duration, which
/// makes the class safe to share (`@unchecked Sendable` is justified by that lock: no
/// pointer escapes a locked region). A lock was chosen over an actor because decoding is
/// synchronous CPU work (a fraction of the audio's duration); callers decide where it runs,
/// typically off the cooperative pool for long audio. Calls from several tasks are served
/// one after another.
///
/// ## Logging
/// pocketsphinx's informational output is suppressed; its warnings and errors are folded
/// into the thrown ``RecognitionError``s instead.
public final class PocketSphinxDecoder: @unchecked Sendable {
    /// The name of the phone-loop search added by ``loadPhoneLoop(named:)``.
    public static let phoneLoopSearch = "_phone_loop"

    /// The model this decoder was started with.
    public let model: PocketSphinxModel
    /// The options this decoder was started with.
    public let options: PocketSphinxOptions

    private let lock = Mutex(())
    // Only touched while `lock` is held (or in init/deinit).
    private nonisolated(unsafe) let decoder: OpaquePointer
    private nonisolated(unsafe) var searches: Set<String> = []
    private nonisolated(unsafe) var inUtterance = false
    private nonisolated(unsafe) var samplesInUtterance = 0
    /// Where pocketsphinx writes each utterance's senone scores (``PocketSphinxOptions/keepsSenoneScores``).
    /// It exists only while an utterance is decoded: the scores are then opened and their file
    /// removed, so nothing is left behind, even by a process that ends without freeing the decoder.
    let scoresFolder: String?
    /// The last utterance's senone scores, for ``decodeKeptScores(search:)``.
    private nonisolated(unsafe) var keptScores: KeptScores?

    /// One utterance's senone scores as pocketsphinx wrote them, open (their file is removed).
    private struct KeptScores {
        var handle: UnsafeMutablePointer<FILE>
        var sampleCount: Int
        var audioFrames: [Int]?
        /// Where the searched frames start in the utterance's (see ``decode(_:range:search:cancellation:)``).
        var frameOffset: Int
    }

    /// Loads the model. Takes about a second (mostly reading the dictionary).
    ///
    /// - Throws: ``RecognitionError/modelMissing(path:hint:)``,
    ///   ``RecognitionError/decoderInitializationFailed(message:)``, or
    ///   ``AdaptationError/invalidTransform(path:reason:)`` for an unreadable ``PocketSphinxOptions/adaptation``.
    public init(model: PocketSphinxModel? = nil, options: PocketSphinxOptions = PocketSphinxOptions()) throws {
        SphinxLog.install()
        let model = try model ?? PocketSphinxModel.locate()
        // pocketsphinx dumps its whole configuration to stderr when the model fails to
        // load; catch the common case (missing files) first, with a better message.
        for path in [(model.acousticModel as NSString).appendingPathComponent("mdef"), model.dictionary]
        where !FileManager.default.isReadableFile(atPath: path) {
            throw RecognitionError.modelMissing(
                path: path,
                hint: "install Debian's pocketsphinx-en-us or point \(PocketSphinxModel.environmentVariable) at a model"
            )
        }
        self.model = model
        self.options = options
        var arguments = [
            "-hmm", model.acousticModel,
            "-dict", model.dictionary,
            "-samprate", String(AudioFormat.sampleRate),
            "-bestpath", options.computesPosterior ? "yes" : "no",
            "-allphone_ci", options.phoneLoopContextIndependent ? "yes" : "no",
        ]
        if options.scoresAllSenones || options.keepsSenoneScores {
            arguments += ["-compallsen", "yes"]
        }
        if let adaptation = options.adaptation {
            // pocketsphinx reads it with fscanf and no checks: refuse a bad file with its name.
            _ = try MLLRTransform(contentsOf: adaptation)
            arguments += ["-mllr", adaptation]
        }
        var scoresFolder: String?
        if options.keepsSenoneScores {
            let folder = Self.memoryBackedTemporaryFolder + "/incant-senones-\(UUID())"
            scoresFolder = folder
            arguments += ["-senlogdir", folder]
        }
        for (name, value) in options.extraArguments {
            // A later value for an option set above replaces it (pocketsphinx refuses repeats).
            if let index = stride(from: 0, to: arguments.count - 1, by: 2).first(where: { arguments[$0] == name }) {
                arguments[index + 1] = value
            } else {
                arguments += [name, value]
            }
        }
        let mark = SphinxLog.mark
        guard let config = Self.parse(arguments) else {
            throw RecognitionError.decoderInitializationFailed(
                message: Self.explain(since: mark, or: "invalid options"))
        }
        defer { cmd_ln_free_r(config) }
        guard let decoder = ps_init(config) else {
            throw RecognitionError.decoderInitializationFailed(
                message: Self.explain(since: mark, or: "pocketsphinx could not load '\(model.acousticModel)'"))
        }
        self.decoder = decoder
        self.scoresFolder = scoresFolder
    }

    deinit {
        ps_free(decoder)
        if let keptScores { fclose(keptScores.handle) }
    }

    // MARK: Dictionary

    /// The pronunciation of `word` (phones separated by spaces), or nil if it is unknown.
    public func pronunciation(of word: String) -> String? {
        lock.withLock { _ in
            guard let phones = ps_lookup_word(decoder, word) else { return nil }
            defer { free(phones) }
            return String(cString: phones)
        }
    }

    /// Every pronunciation of `word` (its alternates `word(2)`, `word(3)` … after the main
    /// one), each as a list of phones; empty if the word is unknown.
    public func pronunciations(of word: String) -> [[String]] {
        var result: [[String]] = []
        while let phones = pronunciation(of: result.isEmpty ? word : "\(word)(\(result.count + 1))") {
            result.append(phones.split(separator: " ").map(String.init))
        }
        return result
    }

    /// The words of `words` that the dictionary does not know, in order, without repeats.
    public func missingWords(_ words: some Sequence<String>) -> [String] {
        var missing: [String] = []
        for word in words where !missing.contains(word) && pronunciation(of: word) == nil {
            missing.append(word)
        }
        return missing
    }

    /// Adds `word` with `phones` (CMUdict phones separated by spaces, e.g. `"K AH M P Y UW T ER"`).
    /// A word that exists gets the pronunciation as an alternative.
    ///
    /// Add words before loading the grammars that use them.
    public func addWord(_ word: String, phones: String) throws {
        try lock.withLock { _ in
            let mark = SphinxLog.mark
            if ps_add_word(decoder, word, phones, 1) < 0 {
                throw RecognitionError.invalidPronunciation(
                    word: word, phones: phones, message: Self.explain(since: mark, or: "rejected by pocketsphinx"))
            }
        }
    }

    // MARK: Searches

    /// The names of the loaded searches.
    public var searchNames: Set<String> {
        lock.withLock { _ in searches }
    }

    /// The search used when ``decode(_:search:cancellation:)`` is not told one.
    public var activeSearch: String? {
        lock.withLock { _ in
            guard let name = ps_get_search(decoder) else { return nil }
            return String(cString: name)
        }
    }

    /// Compiles a JSGF grammar (`#JSGF V1.0; grammar name; public <rule> = ...;`) into the
    /// search `name`, replacing any search of that name. The first public rule is used.
    /// Does not change the active search unless none is active.
    ///
    /// - Throws: ``RecognitionError/wordsMissingFromDictionary(_:)`` when the grammar uses
    ///   unknown words, ``RecognitionError/invalidGrammar(name:message:)`` otherwise.
    public func loadGrammar(jsgf: String, named name: String) throws {
        try addSearch(named: name, failure: "pocketsphinx could not compile it", reportsMissingWords: true) {
            ps_set_jsgf_string(decoder, name, jsgf)
        }
    }

    /// Loads a grammar in sphinxbase's FSG text format (`FSG_BEGIN … FSG_END`) as the search
    /// `name`, replacing any search of that name. Does not change the active search unless
    /// none is active.
    ///
    /// - Throws: ``RecognitionError/wordsMissingFromDictionary(_:)`` when the grammar uses
    ///   unknown words, ``RecognitionError/invalidGrammar(name:message:)`` otherwise.
    public func loadGrammar(fsg text: String, named name: String) throws {
        try addSearch(named: name, failure: "malformed FSG text or unusable grammar", reportsMissingWords: true) {
            var bytes = Array(text.utf8)
            let model: UnsafeMutablePointer<fsg_model_t>? = bytes.withUnsafeMutableBytes { buffer in
                guard let stream = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
                defer { fclose(stream) }
                let languageWeight = Float(cmd_ln_float_r(ps_get_config(decoder), "-lw"))
                return fsg_model_read(stream, ps_get_logmath(decoder), languageWeight)
            }
            guard let model else { return -1 }
            // ps_set_fsg keeps its own reference.
            defer { fsg_model_free(model) }
            return ps_set_fsg(decoder, name, model)
        }
    }

    /// Adds a phone-loop search (any sequence of phones, weighted by the model's phone
    /// n-gram) under `name`. Its score over an utterance is the yardstick for rejecting
    /// out-of-grammar speech: a grammar path scoring far below it is probably wrong.
    ///
    /// - Throws: ``RecognitionError/modelMissing(path:hint:)`` if the model has no phone LM.
    public func loadPhoneLoop(named name: String = PocketSphinxDecoder.phoneLoopSearch) throws {
        guard let phoneModel = model.phoneLanguageModel else {
            throw RecognitionError.modelMissing(
                path: (model.acousticModel as NSString).deletingLastPathComponent + "/en-us-phone.lm.bin",
                hint: "the phone loop needs the phone language model of Debian's pocketsphinx-en-us package")
        }
        try addSearch(named: name, failure: "cannot load '\(phoneModel)'") {
            ps_set_allphone_file(decoder, name, phoneModel)
        }
    }

    /// The name of the open-vocabulary search added by ``loadLanguageModel(named:)``.
    public static let dictationSearch = "_dictation"

    /// Adds an open-vocabulary search over the model's general English n-gram model, for
    /// transcribing what a person says when they record a new phrase.
    ///
    /// - Throws: ``RecognitionError/modelMissing(path:hint:)`` if the model has no word LM.
    public func loadLanguageModel(named name: String = PocketSphinxDecoder.dictationSearch) throws {
        guard let languageModel = model.languageModel else {
            throw RecognitionError.modelMissing(
                path: (model.acousticModel as NSString).deletingLastPathComponent + "/en-us.lm.bin",
                hint: "open-vocabulary recognition needs the language model of Debian's pocketsphinx-en-us package")
        }
        try addSearch(named: name, failure: "cannot load '\(languageModel)'") {
            ps_set_lm_file(decoder, name, languageModel)
        }
    }

    /// Installs a search with `install` (a pocketsphinx call returning 0 on success) under the
    /// lock, keeping the active search, and turns pocketsphinx's complaints into errors.
    private func addSearch(
        named name: String, failure: String, reportsMissingWords: Bool = false, _ install: () -> Int32
    ) throws {
        try lock.withLock { _ in
            try requireIdle()
            let previous = ps_get_search(decoder).map { String(cString: $0) }
            let mark = SphinxLog.mark
            guard install() == 0 else {
                let messages = SphinxLog.messages(since: mark)
                let missing = reportsMissingWords ? messages.compactMap(Self.missingWord(in:)) : []
                if !missing.isEmpty {
                    throw RecognitionError.wordsMissingFromDictionary(missing)
                }
                throw RecognitionError.invalidGrammar(name: name, message: Self.explain(messages, or: failure))
            }
            searches.insert(name)
            try restore(previous)
        }
    }

    /// Makes `name` the search used by default.
    public func activateSearch(_ name: String) throws {
        try lock.withLock { _ in
            try requireIdle()
            try select(name)
        }
    }

    /// Removes the search `name`.
    public func unloadSearch(_ name: String) {
        lock.withLock { _ in
            if ps_unset_search(decoder, name) == 0 { searches.remove(name) }
        }
    }

    // MARK: Decoding

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
            let input = options.addsComfortNoise ? ComfortNoise.apply(to: samples) : samples
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
            dropKeptScores()
            let mark = SphinxLog.mark
            let ((processed, frames), scores) = try inScoresFolder(keeping: true) {
                try startUtterance()
                let result = withExtendedLifetime(cancellation) { process() }
                samplesInUtterance = sampleCount
                try finishUtterance()
                return result
            }
            if let scores {
                if processed >= 0 {
                    keptScores = KeptScores(
                        handle: scores, sampleCount: sampleCount, audioFrames: frames, frameOffset: frameOffset)
                } else {
                    fclose(scores)
                }
            }
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
            let input = options.addsComfortNoise ? ComfortNoise.apply(to: samples) : samples
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

    /// Starts an utterance fed piece by piece with ``process(_:)`` (decoding while the user
    /// is still speaking), using `search` or the active search.
    public func beginUtterance(search: String? = nil) throws {
        try lock.withLock { _ in
            try requireIdle()
            if let search { try select(search) }
            dropKeptScores()
            try openScoresFolder()
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
            // Not kept: a streamed utterance numbers its frames from where the stream began,
            // the scores from the first frame the search saw.
            try inScoresFolder(keeping: false) { try finishUtterance() }
            return collectHypothesis()
        }
    }

    // MARK: Internals (lock held)

    /// Closes the kept senone scores before another utterance replaces them.
    private func dropKeptScores() {
        if let keptScores { fclose(keptScores.handle) }
        keptScores = nil
    }

    /// Creates ``scoresFolder`` for pocketsphinx to write the next utterance's scores in.
    private func openScoresFolder() throws {
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
    private func inScoresFolder<T>(
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

    private func requireIdle() throws {
        if inUtterance {
            throw RecognitionError.decodingFailed(message: "an utterance is in progress; end it first")
        }
    }

    private func select(_ name: String) throws {
        guard searches.contains(name), ps_set_search(decoder, name) == 0 else {
            throw RecognitionError.unknownSearch(name)
        }
    }

    /// Re-activates `previous` after loading a search (ps_set_* activates nothing, but be sure).
    private func restore(_ previous: String?) throws {
        guard let previous, searches.contains(previous) else { return }
        _ = ps_set_search(decoder, previous)
    }

    private func startUtterance() throws {
        guard ps_get_search(decoder) != nil else {
            throw RecognitionError.decodingFailed(message: "no grammar is loaded")
        }
        let mark = SphinxLog.mark
        // Without a new stream, 0.8 numbers frames from the first utterance ever decoded.
        guard ps_start_stream(decoder) == 0, ps_start_utt(decoder) == 0 else {
            throw RecognitionError.decodingFailed(message: Self.explain(since: mark, or: "ps_start_utt failed"))
        }
        inUtterance = true
        samplesInUtterance = 0
    }

    private func finishUtterance() throws {
        inUtterance = false
        let mark = SphinxLog.mark
        guard ps_end_utt(decoder) == 0 else {
            throw RecognitionError.decodingFailed(message: Self.explain(since: mark, or: "ps_end_utt failed"))
        }
    }

    /// The hypothesis of the utterance just ended, with `audioFrames`, its word frames counted
    /// from `frameOffset`.
    private func collectHypothesis(audioFrames: [Int]? = nil, frameOffset: Int = 0) -> RecognitionHypothesis? {
        var score: Int32 = 0
        guard let best = ps_get_hyp(decoder, &score) else { return nil }
        let text = String(cString: best)
        let searchName = ps_get_search(decoder).map { String(cString: $0) } ?? ""
        let logPosterior = options.computesPosterior ? ps_get_prob(decoder) : 0
        let logmath = ps_get_logmath(decoder)
        let posterior = logPosterior == 0 ? 1 : logmath_exp(logmath, logPosterior)

        var words: [WordSegment] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            if let word = ps_seg_word(current) {
                var start: Int32 = 0
                var end: Int32 = 0
                ps_seg_frames(current, &start, &end)
                var acoustic: Int32 = 0
                var language: Int32 = 0
                var backoff: Int32 = 0
                let probability = ps_seg_prob(current, &acoustic, &language, &backoff)
                let name = Self.baseWord(String(cString: word))
                if name != "(NULL)" {
                    words.append(
                        WordSegment(
                            word: name, startFrame: Int(start) + frameOffset, endFrame: Int(end) + frameOffset,
                            acousticScore: acoustic, languageScore: language, posterior: probability))
                }
            }
            segment = ps_seg_next(current)
        }

        var hypothesis = RecognitionHypothesis(
            text: text,
            score: score,
            logPosterior: logPosterior,
            posterior: posterior,
            words: words,
            nbest: collectNBest(),
            // ps_get_n_frames counts across utterances in 0.8; count this utterance's 10 ms frames.
            frameCount: samplesInUtterance / (AudioFormat.sampleRate / 100),
            search: searchName
        )
        hypothesis.audioFrames = audioFrames
        return hypothesis
    }

    private func collectNBest() -> [NBestEntry] {
        guard options.nbestCount > 0, let first = ps_nbest(decoder) else { return [] }
        var entries: [NBestEntry] = []
        var iterator: OpaquePointer? = first
        var visited = 0
        // A* yields each word string once per segmentation; look a little further than N.
        while let current = iterator, entries.count < options.nbestCount, visited < options.nbestCount * 20 {
            visited += 1
            var score: Int32 = 0
            if let hypothesis = ps_nbest_hyp(current, &score) {
                let text = Self.spokenText(String(cString: hypothesis))
                if !entries.contains(where: { $0.text == text }) {
                    entries.append(NBestEntry(text: text, score: score))
                }
            }
            iterator = ps_nbest_next(current)
        }
        if let iterator { ps_nbest_free(iterator) }
        return entries
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

    private static func parse(_ arguments: [String]) -> OpaquePointer? {
        // cmd_ln_parse_r takes argv like main's, including a program name that it skips.
        let all = ["incant"] + arguments
        var pointers = all.map { strdup($0) }
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            cmd_ln_parse_r(nil, ps_args(), Int32(buffer.count), buffer.baseAddress, 1)
        }
    }

    /// `word(2)` → `word`.
    static func baseWord(_ word: String) -> String {
        if word.hasSuffix(")"), let open = word.lastIndex(of: "("), open != word.startIndex,
            word[word.index(after: open)..<word.index(before: word.endIndex)].allSatisfy(\.isNumber)
        {
            return String(word[..<open])
        }
        return word
    }

    /// N-best strings include fillers and variants; keep the spoken words.
    static func spokenText(_ text: String) -> String {
        text.split(separator: " ").map { baseWord(String($0)) }
            .filter { !($0.hasPrefix("<") || $0.hasPrefix("[") || $0.hasPrefix("+") || $0 == "(NULL)") }
            .joined(separator: " ")
    }

    private static func explain(since mark: Int, or fallback: String) -> String {
        explain(SphinxLog.messages(since: mark), or: fallback)
    }

    private static func explain(_ messages: [String], or fallback: String) -> String {
        messages.isEmpty ? fallback : messages.suffix(3).joined(separator: "; ")
    }

    /// The word in a message like `The word 'foo' is missing in the dictionary`.
    private static func missingWord(in message: String) -> String? {
        guard message.contains("missing in the dictionary"),
            let open = message.firstIndex(of: "'"),
            let close = message[message.index(after: open)...].firstIndex(of: "'")
        else { return nil }
        return String(message[message.index(after: open)..<close])
    }
}

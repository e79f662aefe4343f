import CPocketSphinx
import Foundation
import Synchronization

/// The named searches (grammars, the phone loop, the dictation language model): loaded, switched, removed.
extension PocketSphinxDecoder {
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
        try addModelSearch(
            named: name, file: model.phoneLanguageModel, usual: "en-us-phone.lm.bin",
            hint: "the phone loop needs the phone language model of Debian's pocketsphinx-en-us package"
        ) { ps_set_allphone_file(decoder, name, $0) }
    }

    /// The name of the open-vocabulary search added by ``loadLanguageModel(named:)``.
    public static let dictationSearch = "_dictation"

    /// Adds an open-vocabulary search over the model's general English n-gram model, for
    /// transcribing what a person says when they record a new phrase.
    ///
    /// - Throws: ``RecognitionError/modelMissing(path:hint:)`` if the model has no word LM.
    public func loadLanguageModel(named name: String = PocketSphinxDecoder.dictationSearch) throws {
        try addModelSearch(
            named: name, file: model.languageModel, usual: "en-us.lm.bin",
            hint: "open-vocabulary recognition needs the language model of Debian's pocketsphinx-en-us package"
        ) { ps_set_lm_file(decoder, name, $0) }
    }

    /// Adds the search `install` makes from the model's `file` (a language model beside the
    /// acoustic model), or throws ``RecognitionError/modelMissing(path:hint:)`` naming where
    /// `usual` would be when the model has none.
    private func addModelSearch(
        named name: String, file: String?, usual: String, hint: String, _ install: (String) -> Int32
    ) throws {
        guard let file else {
            throw RecognitionError.modelMissing(
                path: (model.acousticModel as NSString).deletingLastPathComponent + "/" + usual, hint: hint)
        }
        try addSearch(named: name, failure: "cannot load '\(file)'") { install(file) }
    }

    /// Installs a search with `install` (a pocketsphinx call returning 0 on success) under the
    /// lock, keeping the active search, and turns pocketsphinx's complaints into errors.
    func addSearch(
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

    /// The word in a message like `The word 'foo' is missing in the dictionary`.
    private static func missingWord(in message: String) -> String? {
        guard message.contains("missing in the dictionary"),
            let open = message.firstIndex(of: "'"),
            let close = message[message.index(after: open)...].firstIndex(of: "'")
        else { return nil }
        return String(message[message.index(after: open)..<close])
    }
}

import Foundation
import IncantPhrases
import IncantRecognition

/// The pronunciation checks of `phrases add` and `shortcuts check`: the phrases `listen` would
/// have to skip because a word has no pronunciation (model dictionary, `models/dictionary.dict`,
/// the user's dictionary, espeak-ng).
enum PhrasePronunciation {
    /// The phrases of `catalog` with a word nothing can pronounce; `nil` when no acoustic model
    /// is installed (there is nothing to check against).
    static func unpronounceable(in catalog: PhraseCatalog) throws -> [UnpronounceablePhrases.Finding]? {
        guard let model = try? PocketSphinxModel.locate(paths: Settings.paths) else { return nil }
        var files: [String] = []
        if let dictionary = ModelsDirectory.locate().flatMap({ ProjectModels(directory: $0).dictionary }) {
            files.append(dictionary)
        }
        files.append(Settings.paths.dictionary)
        return try UnpronounceablePhrases.find(
            in: catalog, dictionary: model.dictionary,
            resolver: PronunciationResolver(
                overrides: try PronunciationDictionary.layered(files),
                guesser: PronunciationGuesser(searchPath: Settings.paths.searchPath)))
    }

    /// The shortcut of the stored phrase named by id or by its words (as `phrases edit` names it).
    static func owner(of key: String, in store: PhraseStore) throws -> String? {
        let phrases = try storeAction { try store.all() }
        if let byID = phrases.first(where: { $0.id == key }) { return byID.shortcut }
        let words = TextNormalizer.words(of: key)
        return phrases.first { TextNormalizer.words(of: $0.phrase) == words }?.shortcut
    }

    /// Refuses (exit 65) a new phrase for `shortcut` that `listen` could not listen for.
    static func refuseUnpronounceable(_ phrase: String, shortcut id: String, shortcuts: [ShortcutDefinition]) throws {
        guard var shortcut = shortcuts.first(where: { $0.id == id }) else { return }
        shortcut.phrases = []
        let catalog = PhraseCatalog(shortcuts: [shortcut], userPhrases: [UserPhrase(shortcut: id, phrase: phrase)])
        guard let finding = try unpronounceable(in: catalog)?.first else { return }
        throw CommandFailure(message: "phrase \"\(phrase)\": \(finding.message)", status: ExitStatus.definitions)
    }
}

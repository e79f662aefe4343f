import Foundation
import IncantPhrases

/// Where the pocketsphinx acoustic model, dictionary and phone language model are.
///
/// By default this is the US English model of Debian's `pocketsphinx-en-us` package. An explicit
/// directory, or `INCANT_MODEL_DIR` (`IncantPaths.modelDirectory`), overrides it; such a
/// directory holds `en-us/` (the acoustic model), `cmudict-en-us.dict` and `en-us-phone.lm.bin`,
/// the same layout as the Debian package.
public struct PocketSphinxModel: Sendable, Equatable {
    /// The Debian package's model directory.
    public static let debianDirectory = "/usr/share/pocketsphinx/model/en-us"
    /// The environment variable that overrides the model directory (read by `IncantPaths`).
    public static let environmentVariable = "INCANT_MODEL_DIR"

    /// The acoustic model (HMM) directory.
    public var acousticModel: String
    /// The pronunciation dictionary.
    public var dictionary: String
    /// The phone n-gram model used for the phone loop, if present.
    public var phoneLanguageModel: String?
    /// The general English word n-gram model (`en-us.lm.bin`), for open-vocabulary
    /// transcription (recording a new phrase), if present.
    public var languageModel: String?

    public init(
        acousticModel: String, dictionary: String, phoneLanguageModel: String? = nil, languageModel: String? = nil
    ) {
        self.acousticModel = acousticModel
        self.dictionary = dictionary
        self.phoneLanguageModel = phoneLanguageModel
        self.languageModel = languageModel
    }

    /// Finds the model in `directory`, else in `paths`' `IncantPaths.modelDirectory`
    /// (`$INCANT_MODEL_DIR`), else at the Debian path.
    ///
    /// - Parameters:
    ///   - directory: a folder chosen explicitly (the `--model` option, the configuration file).
    ///   - paths: the resolved environment; `nil` looks only in `directory` and the Debian path.
    /// - Throws: ``RecognitionError/modelMissing(path:hint:)`` naming the path that was
    ///   tried and how to install the model.
    public static func locate(directory: String? = nil, paths: IncantPaths? = nil) throws -> PocketSphinxModel {
        let explicit = directory ?? paths?.modelDirectory
        let root = explicit ?? debianDirectory
        let hint =
            explicit == nil
            ? "install it with `apt-get install pocketsphinx-en-us`, or set \(environmentVariable) to a model directory"
            : "the directory (from \(directory == nil ? environmentVariable : "the model option")) must hold en-us/, "
                + "cmudict-en-us.dict and en-us-phone.lm.bin as in Debian's pocketsphinx-en-us package"
        let manager = FileManager.default
        let acoustic = (root as NSString).appendingPathComponent("en-us")
        let dictionary = (root as NSString).appendingPathComponent("cmudict-en-us.dict")
        let phones = (root as NSString).appendingPathComponent("en-us-phone.lm.bin")
        let words = (root as NSString).appendingPathComponent("en-us.lm.bin")
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: acoustic, isDirectory: &isDirectory), isDirectory.boolValue,
            manager.fileExists(atPath: (acoustic as NSString).appendingPathComponent("mdef"))
        else {
            throw RecognitionError.modelMissing(path: acoustic, hint: hint)
        }
        guard manager.isReadableFile(atPath: dictionary) else {
            throw RecognitionError.modelMissing(path: dictionary, hint: hint)
        }
        return PocketSphinxModel(
            acousticModel: acoustic,
            dictionary: dictionary,
            phoneLanguageModel: manager.isReadableFile(atPath: phones) ? phones : nil,
            languageModel: manager.isReadableFile(atPath: words) ? words : nil
        )
    }
}

import Foundation

/// The files Incant ships beside the acoustic model (the project's `models` folder), and the
/// recognizer options that load them.
///
/// Each file is optional: one that is missing leaves its option as it was.
public struct ProjectModels: Sendable, Hashable {
    /// The pronunciation additions, read before the user's.
    public static let dictionaryFileName = "dictionary.dict"
    /// The transform for telephone-band channels (``RecognizerOptions/narrowBandAdaptation``).
    public static let narrowBandFileName = "narrow-band.mllr"
    /// The transform for band-limited channels (``RecognizerOptions/bandLimitedAdaptation``).
    public static let bandLimitedFileName = "band-limited.mllr"

    /// The folder.
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The pronunciation additions; nil when missing.
    public var dictionary: String? { existing(Self.dictionaryFileName) }
    /// The transform for telephone-band channels; nil when missing.
    public var narrowBandTransform: String? { existing(Self.narrowBandFileName) }
    /// The transform for band-limited channels; nil when missing.
    public var bandLimitedTransform: String? { existing(Self.bandLimitedFileName) }
    /// The common words of the word loop (``CommonWords``); nil when missing.
    public var commonWords: String? { existing(CommonWords.fileName) }

    /// `options` with the project's transforms for narrow channels and its common words.
    /// (The dictionary goes first among ``RecognizerOptions/dictionaryFiles``, which callers
    /// put together with the user's files.)
    ///
    /// - Throws: ``CommonWordsError`` naming the file and line when the common words cannot be read.
    public func applied(to options: RecognizerOptions) throws(CommonWordsError) -> RecognizerOptions {
        var configured = options
        if let narrowBandTransform { configured.narrowBandAdaptation = narrowBandTransform }
        if let bandLimitedTransform { configured.bandLimitedAdaptation = bandLimitedTransform }
        if let commonWords { configured.commonWords = try CommonWords.read(path: commonWords) }
        return configured
    }

    /// The file `name` of the folder; nil when there is none (one that exists but cannot be
    /// read is returned, so that loading it names the problem).
    public func existing(_ name: String) -> String? {
        let path = directory + "/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}

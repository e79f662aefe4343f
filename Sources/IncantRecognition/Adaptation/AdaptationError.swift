/// Why an acoustic adaptation could not be made or used. The description is meant for the user.
public enum AdaptationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A program adaptation needs is not installed.
    case missingTool(name: String, package: String, searched: [String])
    /// No take could be used (none given, or none with speech the recognizer could align).
    case noUsableTakes(skipped: [String])
    /// The usable takes hold too little speech for a transform: seconds found, in how many takes, seconds needed.
    case tooLittleSpeech(seconds: Double, takes: Int, needed: Double)
    /// The model lacks what adaptation reads (mixture weights, definition, Gaussians).
    case unsupportedModel(path: String, reason: String)
    /// A word of a take's transcript has no pronunciation.
    case wordWithoutPronunciation(String)
    /// One of the SphinxTrain programs failed: its name, exit status and the end of its log.
    case toolFailed(name: String, status: Int32, log: String)
    /// A transform file is malformed: its path and what is wrong, with the line when known.
    case invalidTransform(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingTool(let name, let package, let searched):
            return "\(name) not found (looked in \(searched.joined(separator: ", "))): install the Debian package "
                + "\(package) (apt-get install \(package))"
        case .noUsableTakes(let skipped):
            return skipped.isEmpty
                ? "no recorded takes to adapt to: record some with `incant phrases record`"
                : "none of the \(skipped.count) takes could be used:\n  " + skipped.joined(separator: "\n  ")
        case .tooLittleSpeech(let seconds, let takes, let needed):
            return String(format: "%.1f s of speech in ", seconds) + "\(takes) take\(takes == 1 ? "" : "s") "
                + String(format: "is too little to adapt to (at least %.0f s): record more takes", needed)
        case .unsupportedModel(let path, let reason):
            return "cannot adapt the acoustic model at \(path): \(reason)"
        case .wordWithoutPronunciation(let word):
            return "no pronunciation for '\(word)' in the takes' transcripts"
        case .toolFailed(let name, let status, let log):
            return "\(name) failed with status \(status)" + (log.isEmpty ? "" : ":\n" + log)
        case .invalidTransform(let path, let reason):
            return "\(path): not an MLLR transform: \(reason)"
        }
    }
}

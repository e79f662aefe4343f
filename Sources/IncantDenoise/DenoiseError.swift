/// Why a denoiser could not be set up; each names the file or folder concerned.
public enum DenoiseError: Error, Equatable, CustomStringConvertible {
    /// No installed denoiser folder was found in any of these places.
    case notInstalled(searched: [String])
    /// A file the denoiser needs is not there.
    case missingFile(String)
    /// The shared library is there but could not be loaded.
    case unloadable(path: String, reason: String)
    /// The shared library lacks a function Incant calls.
    case missingSymbol(String, path: String)
    /// The library refused to create a denoiser (a damaged model, say).
    case creationFailed(path: String)
    /// The library works in frames of a length Incant cannot use.
    case unsupportedFrameLength(Int, path: String)
    /// No front end has this name.
    case unknownFrontEnd(String)

    public var description: String {
        let setup = "run scripts/setup.sh in the Incant checkout, or set INCANT_DENOISE_DIR"
        switch self {
        case .notInstalled(let searched):
            return "no denoiser libraries installed (looked in \(searched.joined(separator: ", "))): \(setup)"
        case .missingFile(let path):
            return "denoiser file \(path) is missing: \(setup)"
        case .unloadable(let path, let reason):
            return "cannot load denoiser library \(path): \(reason)"
        case .missingSymbol(let symbol, let path):
            return "denoiser library \(path) has no function \(symbol)"
        case .creationFailed(let path):
            return "denoiser library \(path) could not create a denoiser"
        case .unsupportedFrameLength(let length, let path):
            return "denoiser library \(path) works in frames of \(length) samples, which Incant cannot use"
        case .unknownFrontEnd(let name):
            let names = FrontEndKind.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown front end \"\(name)\" (choose one of \(names))"
        }
    }
}

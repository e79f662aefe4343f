import Foundation
import IncantPhrases
import Synchronization

/// Puts the transform for each utterance's channel on a recognizer's decoders: the narrow-band
/// MLLR transform (``RecognizerOptions/narrowBandAdaptation``) for a telephone-band channel
/// (``RecognizerOptions/isTelephoneBand(_:)``), ``RecognizerOptions/bandLimitedAdaptation`` for
/// another narrow one, the model as shipped for any other.
///
/// A transform is switched only when the channel changes from one utterance to the next
/// (pocketsphinx reloads the model's Gaussians to move them). Recognitions hold ``lock`` from
/// the switch to their last alignment, so that one never decodes with another's transform.
/// Once another transform is applied (``GrammarRecognizer/applyAdaptation(_:)``) the channel
/// no longer switches anything.
final class ChannelAdaptation: Sendable {
    /// The kinds of channel a transform is kept for.
    enum Channel: Sendable, Hashable {
        case wide
        case telephoneBand
        /// Narrow (nothing above 5.5 kHz) but keeping 4–5 kHz.
        case bandLimited

        /// The kind of `channel` as `options` tell them apart (wide when unmeasured).
        init(_ channel: ChannelBandwidth?, options: RecognizerOptions) {
            guard let channel, channel.highBandLevel <= options.narrowBandLevel else {
                self = .wide
                return
            }
            self = options.isTelephoneBand(channel) ? .telephoneBand : .bandLimited
        }
    }

    /// What the decoders hold.
    enum Held: Sendable, Equatable {
        case model(for: Channel)
        /// A transform applied from outside (the user's takes, online adaptation).
        case other
        /// A switch failed part way: the next utterance applies its transform to every decoder.
        case unsettled
    }

    /// The transform of each narrow kind of channel that has one.
    let transforms: [Channel: String]
    /// The transform that moves nothing, to go back to the model as shipped (written to a
    /// private temporary file only while it is applied, so that none is left behind).
    let identity: MLLRTransform
    /// Where the identity's file is written while it is applied.
    let scratch: URL
    let lock = Mutex<Held>(.model(for: .wide))

    /// Checks the transforms; nil when there is none.
    ///
    /// - Parameter scratch: the folder for the identity's file while it is applied.
    /// - Throws: ``AdaptationError/invalidTransform(path:reason:)`` for a bad file.
    init?(
        telephoneBand: String?, bandLimited: String?, scratch: URL = FileManager.default.temporaryDirectory
    ) throws {
        var transforms: [Channel: String] = [:]
        var shape: MLLRTransform?
        for (channel, path) in [(Channel.telephoneBand, telephoneBand), (.bandLimited, bandLimited)] {
            guard let path else { continue }
            shape = try MLLRTransform(contentsOf: path)
            transforms[channel] = path
        }
        guard let shape else { return nil }
        identity = MLLRTransform.identity(classes: shape.classes, streamWidths: shape.streamWidths)
        self.scratch = scratch
        self.transforms = transforms
    }

    /// Makes `held` the model for `channel` (as shipped when it has no transform of its own),
    /// applying a transform to `decoders` when it changes; leaves a transform applied from
    /// outside alone.
    static func hold(
        _ channel: Channel, _ held: inout Held, adaptation: ChannelAdaptation, decoders: [PocketSphinxDecoder]
    ) throws {
        let kind = adaptation.transforms[channel] == nil ? .wide : channel
        guard held != .other, held != .model(for: kind) else { return }
        held = .unsettled
        if let path = adaptation.transforms[kind] {
            for decoder in decoders { try decoder.applyAdaptation(path) }
        } else {
            try adaptation.withIdentityFile { path in
                for decoder in decoders { try decoder.applyAdaptation(path) }
            }
        }
        held = .model(for: kind)
    }

    /// Calls `body` with the path of a private file holding ``identity``, removed afterwards.
    private func withIdentityFile(_ body: (String) throws -> Void) throws {
        let path = scratch.appendingPathComponent(
            "incant-identity-\(getpid())-\(UUID().uuidString.prefix(8)).mllr"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try identity.write(to: path)
        try body(path)
    }
}

import IncantCapture
import IncantDenoise

extension SpeechOptions {
    /// A new front end of `--front-end`'s kind, for one stream. A name that is unknown, or a
    /// denoiser asked for by name that is not installed, is an error; when the default denoiser
    /// is not installed, a warning says so and the audio is heard as it comes. `restart`: how a
    /// denoiser begins each stream after its first (``DenoiserRestart/warm`` where it runs on
    /// demand, on stretches of one stream).
    func makeFrontEnd(warns: Bool = true, restart: DenoiserRestart = .fresh) throws -> any AudioFrontEnd {
        let name = frontEnd ?? FrontEndKind.standard.rawValue
        do {
            let kind = try FrontEndKind(name: name)
            if kind == .identity { return IdentityFrontEnd() }
            return try kind.make(
                directory: try DenoiserDirectory.locate(directory: Settings.paths.denoiserDirectory), restart: restart)
        } catch let error {
            if frontEnd == nil {
                if warns {
                    StandardError.print(
                        "incant: warning: default front end \(name) unavailable, hearing audio as it comes: \(error)")
                }
                return IdentityFrontEnd()
            }
            let status = if case .unknownFrontEnd = error { ExitStatus.usage } else { ExitStatus.noInput }
            throw CommandFailure(message: "--front-end \(name): \(error.description)", status: status)
        }
    }

    /// The listener's front ends for one stream: `--front-end`'s, or none for the identity.
    /// `warns: false` keeps quiet about a missing default denoiser (already said once).
    func frontEnds(warns: Bool = true) throws -> [any AudioFrontEnd] {
        let frontEnd = try makeFrontEnd(warns: warns)
        return frontEnd is IdentityFrontEnd ? [] : [frontEnd]
    }

    /// `--front-end-bypass`: when an utterance is heard as it came; nil always through the front end.
    func bypass() throws -> FrontEndBypass? {
        var bypass = FrontEndBypass()
        if let frontEndBypass {
            if frontEndBypass == "off" { return nil }
            guard let spread = Double(frontEndBypass), spread.isFinite, spread >= 0 else {
                throw CommandFailure(
                    message: "--front-end-bypass \(frontEndBypass): expected a number of dB (0 or more) or off",
                    status: ExitStatus.usage)
            }
            bypass.minimumSpread = spread
        }
        // What the recognizer rejects as clipped is heard as it came, where it can see the clipping.
        bypass.clippedShare = try clippedShareLimit()
        return bypass
    }

    /// `--high-pass`: the cutoff (Hz) of the filter that comes first; nil: none.
    func highPassCutoff() throws -> Double? {
        guard let highPass else { return HighPassFilter.standardCutoff }
        if highPass == "off" { return nil }
        guard let cutoff = Double(highPass), cutoff.isFinite, (1...2_000).contains(cutoff) else {
            throw CommandFailure(
                message: "--high-pass \(highPass): expected a frequency in Hz (1 to 2000) or off",
                status: ExitStatus.usage)
        }
        return cutoff
    }
}

import IncantCapture
import IncantDenoise

extension SpeechOptions {
    /// A new front end of `--front-end`'s kind, for one stream; a clear error when its name is
    /// unknown or its library is not installed.
    func makeFrontEnd() throws -> any AudioFrontEnd {
        do {
            return try FrontEndKind(name: frontEnd).make()
        } catch let error {
            let status = if case .unknownFrontEnd = error { ExitStatus.usage } else { ExitStatus.noInput }
            throw CommandFailure(message: "--front-end \(frontEnd): \(error.description)", status: status)
        }
    }

    /// `source` through `--front-end` (itself when that is the identity).
    func throughFrontEnd(_ source: any AudioSource) throws -> any AudioSource {
        let frontEnd = try makeFrontEnd()
        return frontEnd is IdentityFrontEnd ? source : FrontEndSource(source: source, frontEnds: [frontEnd])
    }
}

extension AudioFrontEnd {
    /// A whole recording through the front end, as one stream; as many samples come out as went in.
    func wholeRecording(_ samples: [Int16]) -> [Int16] {
        reset()
        return process(samples) + flush()
    }
}

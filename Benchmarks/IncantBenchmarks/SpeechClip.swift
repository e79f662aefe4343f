import IncantPhrases

/// One utterance of audio for the speech benchmark, with what it should be understood as.
struct SpeechClip: Sendable {
    /// A name for progress output (file name, or voice and sentence).
    var name: String
    /// 16 kHz mono samples.
    var samples: [Int16]
    /// The expected shortcut and parameters; nil when the clip must be rejected.
    var expected: Expectation?

    var audioSeconds: Double { Double(samples.count) / 16_000 }

    /// The same audio as a negative: decoded against a phrase set it does not belong to.
    var asNegative: SpeechClip { SpeechClip(name: name, samples: samples, expected: nil) }
}

/// A shortcut and the values some of its parameters must have.
///
/// An accepted candidate meets it when the shortcut is the same and every listed parameter has
/// exactly the listed value (after trimming spaces); parameters that are not listed are ignored,
/// as in the Picovoice benchmark ("extra slots are not errors").
struct Expectation: Sendable, Hashable {
    var shortcutID: String
    var parameters: [String: String]

    func isMet(by candidate: MatchCandidate?) -> Bool {
        guard let candidate, candidate.shortcutID == shortcutID else { return false }
        return parameters.allSatisfy { name, value in
            candidate.parameters[name].map { Self.trimmed($0.description) == Self.trimmed(value) } ?? false
        }
    }

    /// The parameters `candidate` has that the label does not name, sorted: slot values heard
    /// beyond what the speaker said, where the labels list every slot said (the coffee orders').
    func unlabelledParameters(of candidate: MatchCandidate?) -> [String] {
        (candidate?.parameters.keys).map { $0.filter { parameters[$0] == nil }.sorted() } ?? []
    }

    static func trimmed(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

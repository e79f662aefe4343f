import Foundation
import IncantCapture
import IncantGrammar

/// Answers to spoken questions and free dictation, decoded by the same warm decoder as the
/// phrases (each grammar is compiled once into a named search and kept).
extension GrammarRecognizer {
    /// Recognizes a spoken answer against `grammar`. The answer is rejected (``SpeechRecognition/rejection``)
    /// unless it passes `acceptance`: a cough, a clatter or another sentence is not heard as "yes".
    /// ``SpeechRecognition/acousticConfidence`` is the margin's confidence, or 0 when another
    /// check of `acceptance` fails.
    ///
    /// - Throws: ``UnpronounceableWordError`` when a value cannot be pronounced, or
    ///   ``RecognitionError``.
    public func recognizeAnswer(
        _ samples: [Int16], to grammar: AnswerGrammar, acceptance: AnswerAcceptance = AnswerAcceptance()
    ) throws -> SpeechRecognition {
        try load(grammar)
        let start = ContinuousClock.now
        let (heard, phoneLoop) = try decodeWithPhoneLoop(samples, search: grammar.searchName)
        guard let hypothesis = heard, !hypothesis.spokenWords.isEmpty else {
            return recognition(of: nil, samples: samples, since: start)
        }
        var result = recognition(of: hypothesis, samples: samples, since: start)
        if let phones = phoneLoop {
            let evidence = AcousticEvidence(
                grammar: hypothesis, phoneLoop: phones,
                voicing: acceptance.minimumVoicing > 0 ? Voicing(samples: samples) : nil)
            result.evidence = evidence
            result.scoreMargin = evidence.utteranceMargin
            result.acousticConfidence = acceptance.confidence(evidence)
            result.rejection = result.acousticConfidence < options.rejectionThreshold ? .unlikePhrases : nil
        }
        result.decodeSeconds = seconds(since: start)
        return result
    }

    /// What was said, in any English words: the open-vocabulary search over the model's
    /// language model (for recording new phrases, and free-text answers). Rejected only when
    /// nothing was heard, or when the words lie on audio too little of which is voiced
    /// (``AcceptancePolicy/minimumVoicing`` of the phrases): a clatter, not speech.
    /// It uses a second decoder with the model's full dictionary, started on first use.
    public func transcribe(_ samples: [Int16]) throws -> SpeechRecognition {
        let dictation = try dictation()
        let start = ContinuousClock.now
        let hypothesis = try dictation.decode(samples, search: PocketSphinxDecoder.dictationSearch)
        var result = recognition(of: hypothesis, samples: samples, since: start)
        // The language model explains any sound with words: only silence, and sound that is
        // hardly voiced, are rejected.
        result.rejection = result.transcript.isEmpty ? .nothingHeard : nil
        if let hypothesis, result.rejection == nil {
            let frames = hypothesis.spokenWords.filter { $0.endFrame >= $0.startFrame }.flatMap { word in
                (word.startFrame...word.endFrame).map { hypothesis.audioFrame($0) }
            }
            if Voicing(samples: samples).voicedShare(of: frames) < Self.dictationVoicing {
                result.rejection = .unlikePhrases
                result.acousticConfidence = 0
            }
        }
        result.decodeSeconds = seconds(since: start)
        return result
    }

    /// The least share of dictated words' frames that must be voiced, as for phrases.
    static let dictationVoicing = AcceptancePolicy.phrases.minimumVoicing

    /// The decoder of the open-vocabulary search (the model's full dictionary and general
    /// English language model), started on first use.
    func dictation() throws -> PocketSphinxDecoder {
        try dictationDecoder.withLock { existing -> PocketSphinxDecoder in
            if let existing { return existing }
            let made = try PocketSphinxDecoder(model: model, options: options.dictationDecoder ?? options.decoder)
            try made.loadLanguageModel()
            existing = made
            return made
        }
    }

    /// Compiles `grammar` into its search unless it is loaded, adding missing words first.
    func load(_ grammar: AnswerGrammar) throws {
        guard !decoder.searchNames.contains(grammar.searchName) else { return }
        _ = try addPronunciations(for: grammar.words.sorted())
        try decoder.loadGrammar(jsgf: grammar.jsgf, named: grammar.searchName)
    }

    /// A recognition of the spoken words of `hypothesis` (empty and rejected when nil).
    private func recognition(
        of hypothesis: RecognitionHypothesis?, samples: [Int16], since start: ContinuousClock.Instant
    ) -> SpeechRecognition {
        let words = hypothesis?.spokenWords ?? []
        let transcript = words.map(\.word).joined(separator: " ")
        return SpeechRecognition(
            transcript: transcript, alternatives: transcript.isEmpty ? [] : [transcript],
            acousticConfidence: transcript.isEmpty ? 0 : 1, rejection: transcript.isEmpty ? .nothingHeard : nil,
            scoreMargin: transcript.isEmpty ? -.infinity : 0,
            audioSeconds: Double(samples.count) / Double(AudioFormat.sampleRate),
            decodeSeconds: seconds(since: start), words: words)
    }
}

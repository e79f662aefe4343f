import ArgumentParser
import Foundation
import IncantCapture
import IncantListening
import IncantPhrases
import IncantRecognition
import IncantSoundFile
import IncantSpeech

#if canImport(Glibc)
    import Glibc
#endif

extension PhrasesCommand {
    /// `incant phrases record SHORTCUT`: say a new phrase a few times; it is transcribed, added
    /// like `phrases add`, and the takes are kept for `phrases test`.
    struct Record: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a phrase for a shortcut by saying it.",
            discussion: """
                Each take is one utterance from the device (or, for scripts, one --file per take), \
                transcribed with open-vocabulary recognition. At a terminal you accept the \
                transcript or type a correction; --yes accepts the first take's transcript and \
                --phrase gives the words directly. The phrase is added with the same checks as \
                `phrases add`, and the takes are saved as WAV files in the store's takes/ folder.
                """)

        @Argument(help: "Shortcut id.", completion: ShortcutCompletion.kind) var shortcut: String
        @Option(help: "How many times to say the phrase (default 3, or one per --file).") var takes: Int?
        @Option(help: "The phrase's words (skips the question; the takes are still saved).") var phrase: String?
        @Option(
            name: .customLong("set"),
            help: ArgumentHelp("Fix a parameter: name=value (repeatable).", valueName: "name=value"))
        var settings: [String] = []
        @Flag(help: "Accept the first take's transcript without asking.") var yes = false
        @Flag(help: "Print the stored phrase as JSON.") var json = false
        @OptionGroup var audio: AudioSourceOptions
        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var speech: SpeechOptions

        func validate() throws {
            if let takes, !(1...20).contains(takes) { throw ValidationError("--takes must be between 1 and 20") }
            if let takes, !audio.files.isEmpty, takes != audio.files.count {
                throw ValidationError(
                    "--takes \(takes) but \(audio.files.count) --file given: give one --file per take")
            }
        }

        func run() async throws {
            try await withExitStatus {
                let shortcuts = try catalog.loadShortcuts()
                guard shortcuts.contains(where: { $0.id == shortcut }) else {
                    let known = shortcuts.map(\.id).sorted().joined(separator: ", ")
                    throw CommandFailure(
                        message: "unknown shortcut '\(shortcut)' (known: \(known))", status: ExitStatus.definitions)
                }
                let assignments = try parseAssignments(settings, option: "--set")
                let recognizer = try speech.makeRecognizer(for: try catalog.loadCatalog())
                let engine = PocketSphinxRecognizer(recognizer)
                let recorded = try await recordTakes(recognizer: engine)
                let words = try chooseWords(heard: recorded.map(\.transcript))
                try PhrasePronunciation.refuseUnpronounceable(words, shortcut: shortcut, shortcuts: shortcuts)
                let verdicts = try await TakeCheck.check(
                    recorded.map(\.samples),
                    candidate: TakeCheck.candidate(
                        phrase: words, shortcut: shortcut, settings: assignments, shortcuts: shortcuts),
                    shortcuts: shortcuts, existing: try storeAction { try catalog.store.all() }, recognizer: engine)
                let editor = PhraseEditor(store: catalog.store, shortcuts: shortcuts)
                let takesDirectory = catalog.store.takesDirectory
                let change = try storeAction {
                    try editor.addRecorded(shortcut: shortcut, phrase: words, settings: assignments) { id in
                        // Only after the phrase's own checks: a conflict is the first thing to say.
                        let kept = zip(recorded, verdicts).filter { $0.1.matches }.map(\.0.samples)
                        for (index, verdict) in verdicts.enumerated() where !verdict.matches {
                            StandardError.print(
                                "incant: warning: take \(index + 1) is not recognized as \"\(words)\" (\(verdict.heard));"
                                    + " not kept")
                        }
                        guard !kept.isEmpty else {
                            throw CommandFailure(
                                message: "no take is recognized as \"\(words)\"; nothing added: record it again,"
                                    + " or add it without takes with `incant phrases add`",
                                status: ExitStatus.definitions)
                        }
                        return try Self.save(kept, id: id, in: takesDirectory)
                    }
                }
                report(change, verb: "added", json: json)
            }
        }

        /// Records the takes: one per --file, or `--takes` utterances of the device or standard
        /// input, each transcribed; the prompts and transcripts go to standard error.
        private func recordTakes(recognizer: any SpeechRecognizer) async throws -> [RecordedTake] {
            // Heard, and kept, through the high-pass filter that comes first in `listen`.
            let cutoff = try speech.highPassCutoff()
            func filtered(_ source: any AudioSource) -> any AudioSource {
                guard let cutoff else { return source }
                return FrontEndSource(source: source, frontEnds: [HighPassFilter(cutoff: cutoff)])
            }
            let input: TakeRecorder.Input =
                audio.files.isEmpty
                ? .stream(filtered(try audio.source()), takes: takes ?? 3, isLive: audio.isLive)
                : .separate(audio.files.map { filtered(WAVFileSource(path: $0, decoder: SoundFileDecoder())) })
            let recorder = TakeRecorder(input, recognizer: recognizer, endpointer: audio.endpointer)
            do {
                return try await recorder.run { event in
                    switch event {
                    case .awaiting(let take, let count):
                        StandardError.print("Say the phrase (take \(take) of \(count))")
                    case .recorded(let take):
                        StandardError.print("  heard \"\(take.transcript)\"")
                    }
                }
            } catch TakeRecorderError.captureFailed(_, let error) {
                throw captureFailure(error)
            } catch let error as TakeRecorderError {
                let origin = audio.files.isEmpty ? "the input ended" : "no speech in \(audio.files[error.take - 1])"
                throw CommandFailure(message: "take \(error.take): \(origin)", status: ExitStatus.noInput)
            }
        }

        /// The phrase's words: --phrase, or the first take's transcript (--yes, or accepted or
        /// corrected at the terminal).
        private func chooseWords(heard: [String]) throws -> String {
            if let phrase { return phrase }
            let proposal = heard.first ?? ""
            if yes {
                guard !proposal.isEmpty else {
                    throw CommandFailure(
                        message: "nothing was heard in the first take; give --phrase", status: ExitStatus.noInput)
                }
                return proposal
            }
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure(
                    message: "not at a terminal: give --phrase TEXT, or --yes to accept \"\(proposal)\"",
                    status: ExitStatus.usage)
            }
            StandardError.write("Phrase [\(proposal)] (Enter accepts, or type a correction): ")
            let typed = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces) ?? ""
            let words = typed.isEmpty ? proposal : typed
            guard !words.isEmpty else { throw CommandFailure(message: "no phrase given", status: ExitStatus.usage) }
            return words
        }

        /// Writes `takes/<id>-<n>.wav` and returns those names (relative to the store folder).
        /// Recordings of your voice are private: the folder is `0700`, the files `0600`.
        static func save(_ takes: [[Int16]], id: String, in directory: String) throws -> [String] {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
                return try takes.enumerated().map { index, samples in
                    let name = "\(id)-\(index + 1).wav"
                    try WAVFile.write(samples, to: directory + "/" + name)
                    try FileManager.default.setAttributes(
                        [.posixPermissions: 0o600], ofItemAtPath: directory + "/" + name)
                    return "takes/" + name
                }
            } catch {
                throw PhraseStoreError.io(path: directory, message: "cannot save the takes: \(error)")
            }
        }
    }

    /// `incant phrases test [SHORTCUT]`: replays every recorded take through recognition and
    /// matching, and says whether each is still understood as its own phrase.
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay recorded takes and check they are still recognized.",
            discussion: """
                For each take: accepted or rejected, and whether it ran the take's own shortcut \
                (and phrase). Exit status 0 when every take is accepted for its own shortcut, 1 \
                otherwise. With --json, one object per take.
                """)

        @Argument(help: "Only the takes of this shortcut.", completion: ShortcutCompletion.kind) var shortcut: String?
        @Flag(help: "One JSON object per take.") var json = false
        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var matching: MatchOptionGroup
        @OptionGroup var speech: SpeechOptions

        func run() async throws {
            try await withExitStatus {
                var phrases = try storeAction { try catalog.store.all() }.filter { !$0.takes.isEmpty }
                if let shortcut { phrases = phrases.filter { $0.shortcut == shortcut } }
                guard !phrases.isEmpty else {
                    StandardError.print("incant: no recorded takes" + (shortcut.map { " for '\($0)'" } ?? ""))
                    return
                }
                let loaded = try catalog.loadCatalog()
                let recognizer = try speech.makeRecognizer(for: loaded)
                let interpreter = SpeechInterpreter(
                    recognizer: recognizer, matcher: PhraseMatcher(catalog: loaded, options: try matching.options()))
                // Takes recorded before the filter came first are heard through it now, as `listen` would.
                let cutoff = try speech.highPassCutoff()
                var failures = 0
                for phrase in phrases {
                    for take in phrase.takes {
                        let result: TakeResult
                        do {
                            let path = try catalog.store.takePath(take)
                            let recorded = try WAVFile.readSamples(path: path)
                            let samples = cutoff.map { HighPassFilter(cutoff: $0).process(recorded) } ?? recorded
                            let heard = try await DecodingQueue.run {
                                interpreter.interpret(try recognizer.recognizeSynchronously(samples))
                            }
                            result = TakeResult(phrase: phrase, take: take, speech: heard)
                        } catch {
                            result = TakeResult(phrase: phrase, take: take, error: "\(error)")
                        }
                        if !result.passed { failures += 1 }
                        print(json ? try JSON.line(result) : result.summary)
                    }
                }
                if failures > 0 {
                    StandardError.print(
                        "incant: \(failures) take\(failures == 1 ? "" : "s") not recognized as recorded")
                    throw ExitCode(ExitStatus.failure)
                }
            }
        }
    }
}

/// The verdict on one recorded take (`phrases test`).
struct TakeResult: Encodable {
    var id: String
    var phrase: String
    var expectedShortcut: String
    var take: String
    var transcript: String?
    var accepted: Bool
    var shortcut: String?
    var parameters: [String: ParameterValue]
    /// The take matched its own phrase (not only its shortcut).
    var ownPhrase: Bool
    var confidence: Double?
    var reason: String
    /// Accepted, for the take's own shortcut with the phrase's fixed values.
    var passed: Bool

    init(phrase: UserPhrase, take: String, speech: SpeechMatch) {
        id = phrase.id
        self.phrase = phrase.phrase
        expectedShortcut = phrase.shortcut
        self.take = take
        transcript = speech.recognition.transcript
        let candidate = speech.accepted
        accepted = candidate != nil
        shortcut = candidate?.shortcutID
        parameters = candidate?.parameters ?? [:]
        ownPhrase = candidate?.phrase.origin == .user(id: phrase.id)
        confidence = JSON.rounded(speech.confidence)
        reason = speech.reason
        passed = phrase.isRun(by: candidate)
    }

    init(phrase: UserPhrase, take: String, error: String) {
        id = phrase.id
        self.phrase = phrase.phrase
        expectedShortcut = phrase.shortcut
        self.take = take
        accepted = false
        parameters = [:]
        ownPhrase = false
        reason = error
        passed = false
    }

    var summary: String {
        let verdict = passed ? "ok  " : "FAIL"
        var line = "\(verdict) \(take) \"\(phrase)\" (\(expectedShortcut)): "
        if let transcript { line += "heard \"\(transcript)\" → " }
        if let shortcut {
            line += "accepted \(shortcut)" + (ownPhrase ? " (own phrase)" : " (another phrase)")
            if let confidence { line += String(format: ", confidence %.2f", confidence) }
        } else {
            line += "rejected: \(reason)"
        }
        return line
    }
}

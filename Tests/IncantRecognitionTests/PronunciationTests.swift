import Foundation
import IncantGrammar
import Testing

@testable import IncantRecognition

@Suite("Guessing pronunciations with espeak-ng")
struct PronunciationGuesserTests {
    static let cmudict = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

    /// Every 600th plain alphabetic word (4+ letters) of cmudict, about 200, with all of
    /// its pronunciations (alternates included).
    static func sample() throws -> [(word: String, references: [[String]])] {
        let text = try String(contentsOfFile: cmudict, encoding: .utf8)
        var references: [String: [[String]]] = [:]
        var plainWords: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count > 1 else { continue }
            let head = fields[0]
            let word = head.firstIndex(of: "(").map { String(head[..<$0]) } ?? head
            references[word, default: []].append(Array(fields.dropFirst()))
            if head == word, word.count >= 4, word.allSatisfy({ $0.isASCII && $0.isLowercase }) {
                plainWords.append(word)
            }
        }
        return stride(from: 599, to: plainWords.count, by: 600).map { (plainWords[$0], references[plainWords[$0]]!) }
    }

    static func editDistance(_ a: [String], _ b: [String]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    @Test("guesses for cmudict words are close to cmudict (phone error rate)")
    func phoneErrorRate() throws {
        let sample = try Self.sample()
        #expect(sample.count >= 190)
        let guesses = try PronunciationGuesser().guess(sample.map(\.word))
        var errors = 0
        var phones = 0
        for (word, references) in sample {
            let guess = try #require(guesses[word]).get()
            let guessed = guess.phones.map(\.rawValue)
            #expect(Pronunciation(guess.description) == guess)
            let best = references.min { Self.editDistance(guessed, $0) < Self.editDistance(guessed, $1) }!
            errors += Self.editDistance(guessed, best)
            phones += best.count
        }
        let rate = Double(errors) / Double(phones)
        print("espeak-ng phone error rate on \(sample.count) cmudict words: \(String(format: "%.1f", rate * 100)) %")
        #expect(rate < 0.15)
    }

    @Test("a made-up word gets a pronunciation of valid phones")
    func madeUpWord() throws {
        let pronunciation = try PronunciationGuesser().guess("zorblax")
        #expect(pronunciation.phones.first == .z)
        #expect(pronunciation.phones.count >= 6)
        #expect(pronunciation.description.split(separator: " ").allSatisfy { CMUPhone(rawValue: String($0)) != nil })
    }

    @Test(
        "words with digits, symbols or spaces are refused, naming the word",
        arguments: [
            "abc1", "c3po", "rm -rf", "$(reboot)", "foo;bar", "a/b", "", "-rf", "'", "x.y", "über\u{0}", "a\u{200D}b",
            "tab\tbed", "line\nbreak", "½", "\u{301}a",
        ])
    func refusal(word: String) {
        let error = #expect(throws: PronunciationError.self) { try PronunciationGuesser().guess(word) }
        #expect(error == .invalidWord(word))
        #expect(error?.description.contains("“\(word)”") == true)
    }

    @Test("apostrophes, hyphens, capitals and Roman-numeral-like words are accepted")
    func acceptedWords() throws {
        let guesses = try PronunciationGuesser().guess(["don't", "Don’t", "e-mail", "NASA", "vi", "vi", "c3po", "café"])
        #expect(try guesses["don't"]?.get().description == "D OW N T")
        #expect(try guesses["Don’t"]?.get().description == "D OW N T")
        #expect(try guesses["e-mail"]?.get().description == "IY M EY L")
        #expect(try guesses["vi"]?.get().description == "V AY")
        #expect(try guesses["NASA"]?.get().phones.isEmpty == false)
        #expect(guesses["c3po"].map { if case .failure(.invalidWord("c3po")) = $0 { true } else { false } } == true)
        #expect(try guesses["café"]?.get().description == "K AE F EY")
        #expect(guesses.count == 7)
    }

    @Test("output without one line per word falls back to one run per word; failures carry stderr")
    func fakeESpeak() throws {
        let folder = try ScriptFolder("incant-espeak")
        defer { folder.remove() }
        let oneLine = try folder.program("one-line", "printf \"h@l'oU\\n\"")
        let failing = try folder.program("failing", "echo 'no voice' >&2\nexit 3")

        let guesses = try PronunciationGuesser(executable: oneLine).guess(["alpha", "beta"])
        #expect(try guesses.mapValues { try $0.get().description } == ["alpha": "HH AH L OW", "beta": "HH AH L OW"])
        let error = #expect(throws: PronunciationError.self) {
            try PronunciationGuesser(executable: failing).guess("x")
        }
        #expect(error == .espeakFailed(executable: failing, status: 3, message: "no voice"))
    }

    @Test("a missing espeak-ng is reported with how to install it")
    func missingExecutable() {
        let guesser = PronunciationGuesser(executable: "/nonexistent/espeak-ng")
        let error = #expect(throws: PronunciationError.self) { try guesser.guess("hello") }
        #expect(error?.description.contains("apt-get install espeak-ng") == true)
    }
}

@Suite("Translating espeak-ng phonemes")
struct ESpeakPhonemeMapTests {
    @Test(
        "mnemonics map to CMU phones",
        arguments: [
            ("h@l'oU", "HH AH L OW"),
            ("d'If3r-IN", "D IH F ER IH NG"),  // r-colored vowel swallows the following r
            ("b'V?n-", "B AH T AH N"),  // glottal stop and syllabic n ("button")
            ("b'Vt#3", "B AH T ER"),  // flap
            ("h'and@L", "HH AE N D AH L"),  // syllabic l
            ("n'i@3", "N IH R"), ("aId'i@", "AY D IY AH"),
            ("f'aI3", "F AY ER"), ("tS'A@mIN", "CH AA R M IH NG"),
            ("'i:m'eIl", "IY M EY L"),  // two espeak words
            ("(fr)b'0(en)", "B AA"),  // language switches are skipped
        ])
    func mapping(espeak: String, expected: String) throws {
        #expect(try Pronunciation(ESpeakPhonemeMap.phones(fromESpeak: espeak)).description == expected)
    }

    @Test("an unknown mnemonic is named")
    func unknown() {
        #expect(throws: ESpeakPhonemeMap.Unmappable(phoneme: "Q")) { try ESpeakPhonemeMap.phones(fromESpeak: "h@Q") }
    }
}

@Suite("Pronunciation override dictionaries")
struct PronunciationDictionaryTests {
    @Test("entries, alternates, comments and case are parsed")
    func parsing() throws {
        let text = """
            # project overrides
            ;;; cmudict-style comment
            incant IH N K AE N T

            gif(2) JH IH F
            GIF G IH F
            gif(3) G IH F
              tabbed\tT AE B D\t
            """
        let dictionary = try PronunciationDictionary(parsing: text, file: "test.dict")
        #expect(dictionary["incant"] == [Pronunciation("IH N K AE N T")!])
        #expect(dictionary["Gif"]?.map(\.description) == ["G IH F", "JH IH F"])
        #expect(dictionary["tabbed"]?.first?.description == "T AE B D")
        #expect(dictionary.words.count == 3)
        #expect(dictionary["missing"] == nil)
    }

    @Test("a file saved with Windows line endings reads as the same entries, and its lines are numbered alike")
    func windowsLineEndings() throws {
        let text = "# overrides\nincant IH N K AE N T\ngif(2) JH IH F\ngif G IH F\n"
        let unix = try PronunciationDictionary(parsing: text, file: "unix.dict")
        let windows = try PronunciationDictionary(
            parsing: text.replacingOccurrences(of: "\n", with: "\r\n"), file: "windows.dict")
        #expect(windows == unix)
        #expect(windows["gif"]?.map(\.description) == ["G IH F", "JH IH F"])
        let error = #expect(throws: PronunciationDictionaryError.self) {
            try PronunciationDictionary(parsing: "hello HH AH L OW\r\n\r\nfoo(x) F UW\r\n", file: "windows.dict")
        }
        #expect(error?.line == 3)
    }

    @Test(
        "malformed lines are named by file and line",
        arguments: [
            ("hello HH AH L OW\nfoo(x) F UW", 2, "malformed word"),
            ("foo(2 F UW", 1, "malformed word"),
            ("(2) F UW", 1, "malformed word"),
            ("foo(0) F UW", 1, "malformed word"),
            ("\n\nlonely", 3, "has no phones"),
            ("hello HH AH0 L OW", 1, "write “AH”"),
            ("hello hh ah l ow", 1, "unknown phone “hh”"),
            ("hello HH AX L OW", 1, "the phones are AA AE"),
            ("hello HH AH L OW\nhello(1) HH EH L OW", 2, "already defined on line 1"),
        ])
    func malformed(text: String, line: Int, fragment: String) {
        let error = #expect(throws: PronunciationDictionaryError.self) {
            try PronunciationDictionary(parsing: text, file: "models/dictionary.dict")
        }
        #expect(error?.line == line)
        #expect(error?.description.hasPrefix("models/dictionary.dict:\(line): ") == true)
        #expect(error?.description.contains(fragment) == true, "\(String(describing: error))")
    }

    @Test("files are read, layered user over project, and missing ones are skipped")
    func files() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("incant-pron-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let project = directory.appendingPathComponent("project.dict").path
        let user = directory.appendingPathComponent("user.dict").path
        try "incant IH N K AE N T\nzorblax Z AO R B L AE K S\n".write(
            toFile: project, atomically: true, encoding: .utf8)
        try "zorblax Z ER B L AE K S\n".write(toFile: user, atomically: true, encoding: .utf8)

        let layered = try PronunciationDictionary.overrides(projectFile: project, userFile: user)
        #expect(layered["incant"]?.first?.description == "IH N K AE N T")
        #expect(layered["zorblax"]?.map(\.description) == ["Z ER B L AE K S"])
        let projectOnly = try PronunciationDictionary.overrides(
            projectFile: project, userFile: directory.path + "/none")
        #expect(projectOnly["zorblax"]?.first?.description == "Z AO R B L AE K S")

        try "ok OW K EY\nbad B AE D 7\n".write(toFile: user, atomically: true, encoding: .utf8)
        let error = #expect(throws: PronunciationDictionaryError.self) {
            try PronunciationDictionary.overrides(projectFile: project, userFile: user)
        }
        #expect(error?.description.hasPrefix("\(user):2: unknown phone “7”") == true)
        #expect(throws: PronunciationDictionaryError.self) {
            try PronunciationDictionary(contentsOfFile: directory.path)
        }
    }
}

@Suite("Resolving pronunciations for new words")
struct PronunciationResolverTests {
    static let overrides = PronunciationDictionary(entries: [
        "gif": [Pronunciation("G IH F")!, Pronunciation("JH IH F")!],
        "r2d2": [Pronunciation("AA R T UW D IY T UW")!],
    ])

    @Test("overrides win, other words are guessed, in the order asked")
    func resolves() throws {
        let resolver = PronunciationResolver(overrides: Self.overrides)
        let resolved = try resolver.resolve(["zorblax", "GIF", "r2d2", "gif", "frobnicate"])
        #expect(resolved.map(\.word) == ["zorblax", "gif", "r2d2", "frobnicate"])
        #expect(resolved.map(\.source) == [.guessed, .override, .override, .guessed])
        #expect(resolved[1].dictionaryLines == ["gif G IH F", "gif(2) JH IH F"])
        #expect(resolved[0].dictionaryLines.count == 1)
        #expect(resolved[0].dictionaryLines[0].hasPrefix("zorblax Z "))
    }

    @Test("unpronounceable words are all named, with reasons")
    func unpronounceable() {
        let resolver = PronunciationResolver(overrides: Self.overrides)
        let error = #expect(throws: UnpronounceableWordError.self) {
            try resolver.resolve(["hello", "c3po", "gif", "a+b"])
        }
        #expect(error?.words.map(\.word) == ["c3po", "a+b"])
        #expect(error?.words.allSatisfy { $0.reason.contains("only letters") } == true)
        #expect(error?.resolved.map(\.word) == ["hello", "gif"])
        #expect(error?.description.contains("“c3po”") == true)
        #expect(error?.description.contains("“a+b”") == true)
    }

    @Test("without espeak-ng only overrides resolve")
    func withoutGuesser() {
        let missing = PronunciationResolver(
            overrides: Self.overrides, guesser: PronunciationGuesser(executable: "/nonexistent/espeak-ng"))
        let error = #expect(throws: UnpronounceableWordError.self) { try missing.resolve(["gif", "hello"]) }
        #expect(error?.words.map(\.word) == ["hello"])
        #expect(error?.words.first?.reason.contains("apt-get install espeak-ng") == true)

        let off = PronunciationResolver(overrides: Self.overrides, guesser: nil)
        #expect((try? off.resolve(["gif"]))?.count == 1)
        #expect(throws: UnpronounceableWordError.self) { try off.resolve(["hello"]) }
    }
}

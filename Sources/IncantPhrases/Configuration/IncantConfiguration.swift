import Foundation
import Yams

/// The settings of `$XDG_CONFIG_HOME/incant/config.yaml`: defaults for command-line options,
/// so they are not repeated on every command. A command-line option overrides its key.
///
/// Every key is optional; an absent file is an empty configuration. Relative folder paths
/// resolve against the file's folder and a leading `~` against the home directory.
public struct IncantConfiguration: Sendable, Hashable {
    /// Shortcut definitions: a YAML file or a folder of them (`shortcuts:`).
    public var shortcuts: String?
    /// Folder of the user's recorded phrases (`phrases:`).
    public var phrases: String?
    /// ALSA capture device (`device:`).
    public var device: String?
    /// Whether dialogs and questions are spoken aloud (`speak:`).
    public var speak: Bool?
    /// Matches below this confidence are rejected, 0–1 (`threshold:`).
    public var threshold: Double?
    /// Utterances below this acoustic confidence are rejected, 0–1 (`rejection-threshold:`).
    public var rejectionThreshold: Double?
    /// Silence in milliseconds that ends an utterance, 50–10000 (`trailing-silence:`).
    public var trailingSilence: Int?
    /// Milliseconds within which speech that resumes after an utterance whose phrase goes on is
    /// heard as the rest of it, 0–5000; 0 decides every utterance on its own (`phrase-pause:`).
    public var phrasePause: Int?
    /// How long a question waits for its answer, in seconds (`answer-timeout:`).
    public var answerTimeout: Double?
    /// Acoustic model folder (`model:`).
    public var model: String?
    /// The wake phrase `listen` waits for before a command (`wake:`).
    public var wake: String?
    /// Seconds after a wake phrase said alone during which the next utterance is the command (`wake-window:`).
    public var wakeWindow: Double?
    /// Wake-phrase detections below this confidence are ignored, 0–1 (`wake-threshold:`).
    public var wakeThreshold: Double?
    /// The accent the wake phrase is also listened for in, besides the dictionary's American
    /// pronunciations (`wake-accent:`): one of ``wakeAccentValues``.
    public var wakeAccent: String?
    /// The values `wake-accent:` takes: `american` (the dictionary's pronunciations alone) or
    /// `british` (also as a British accent says the words).
    public static let wakeAccentValues = ["american", "british"]
    /// What is said aloud when the wake phrase comes alone, before the command (`wake-reply:`).
    public var wakeReply: String?
    /// Played when the wake phrase comes alone (`wake-earcon:`): `chime`, or the path of a WAV
    /// file (relative to the configuration file's folder).
    public var wakeEarcon: String?
    /// When `listen` asks "Did you say …?" about a command heard too unclearly to act on
    /// (`ask-unclear:`): one of ``askUnclearValues``.
    public var askUnclear: String?
    /// The values `ask-unclear:` takes.
    public static let askUnclearValues = ["when-addressed", "always", "never"]
    /// The MQTT broker decisions are announced on and queries taken from (`mqtt:`); nil for none.
    public var mqtt: MQTTConfiguration?
    /// The site of this machine's own microphone and of `simulate` (`site:`).
    public var site: String?
    /// Wyoming satellites to connect to (`satellites: [{name, uri, site}]`); empty for none.
    public var satellites: [SatelliteSettings] = []
    /// A Wyoming text-to-speech service (such as Piper) that speaks dialogs on satellites
    /// (`tts: {uri}`); `nil` speaks with espeak-ng.
    public var textToSpeech: WyomingAddress?

    /// The keys a configuration file may hold.
    public static let keys = [
        "shortcuts", "phrases", "device", "speak", "threshold", "rejection-threshold", "trailing-silence",
        "phrase-pause", "answer-timeout", "model", "wake", "wake-window", "wake-threshold", "wake-accent", "wake-reply",
        "wake-earcon",
        "ask-unclear", "mqtt", "site", "satellites", "tts",
    ]

    /// An empty configuration: every option at its built-in default.
    public init() {}

    /// Reads `file`; a file that does not exist is an empty configuration.
    ///
    /// - Throws: ``DefinitionError`` with one diagnostic per problem, each naming the file,
    ///   line and key.
    public init(contentsOf file: String, paths: IncantPaths) throws(DefinitionError) {
        guard FileManager.default.fileExists(atPath: file) else {
            self.init()
            return
        }
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw DefinitionError([
                Diagnostic(.error, SourceLocation(file: file), "cannot read: \(error.localizedDescription)")
            ])
        }
        try self.init(parsing: text, file: file, paths: paths)
    }

    /// Parses the text of a configuration file named `file`.
    ///
    /// - Throws: ``DefinitionError`` with one diagnostic per problem.
    public init(parsing text: String, file: String, paths: IncantPaths) throws(DefinitionError) {
        self.init()
        var reader = YAMLReader(file: file)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, YAMLReader.resolver)
        } catch let error as YamlError {
            throw DefinitionError([DefinitionParser.diagnostic(for: error, file: file)])
        } catch {
            throw DefinitionError([Diagnostic(.error, SourceLocation(file: file), "cannot read YAML: \(error)")])
        }
        guard let root else { return }
        guard let entries = reader.mapping(root, what: "the configuration") else {
            throw DefinitionError(reader.diagnostics)
        }
        reader.checkKeys(entries, allowed: Self.keys, what: "the configuration")
        let folder = (file as NSString).deletingLastPathComponent
        func path(_ node: Node, _ key: String) -> String? {
            guard let text = reader.string(node, what: "'\(key)'") else { return nil }
            guard !text.isEmpty else {
                reader.error(node, "'\(key)' must not be empty")
                return nil
            }
            let expanded = paths.expandingTilde(text)
            return expanded.hasPrefix("/") ? expanded : (folder as NSString).appendingPathComponent(expanded)
        }
        func fraction(_ node: Node, _ key: String) -> Double? {
            guard let value = reader.number(node, what: "'\(key)'") else { return nil }
            guard (0...1).contains(value) else {
                reader.error(node, "'\(key)' must be between 0 and 1, not \(node.string ?? "\(value)")")
                return nil
            }
            return value
        }
        func choice(_ node: Node, _ key: String, of values: [String]) -> String? {
            guard let text = reader.string(node, what: "'\(key)'") else { return nil }
            guard values.contains(text) else {
                reader.error(node, "'\(key)' must be one of " + values.joined(separator: ", ") + ", not \"\(text)\"")
                return nil
            }
            return text
        }
        for (key, keyNode, value) in entries {
            switch key {
            case "shortcuts": shortcuts = path(value, key)
            case "phrases": phrases = path(value, key)
            case "model": model = path(value, key)
            case "device":
                device = reader.string(value, what: "'device'")
                if device?.isEmpty == true {
                    reader.error(value, "'device' must not be empty")
                    device = nil
                }
            case "speak": speak = reader.bool(value, what: "'speak'")
            case "threshold": threshold = fraction(value, key)
            case "rejection-threshold": rejectionThreshold = fraction(value, key)
            case "trailing-silence":
                guard let milliseconds = value.int, (50...10_000).contains(milliseconds) else {
                    reader.error(
                        value, "'trailing-silence' must be a whole number of milliseconds between 50 and 10000")
                    continue
                }
                trailingSilence = milliseconds
            case "phrase-pause":
                guard let milliseconds = value.int, (0...5_000).contains(milliseconds) else {
                    reader.error(
                        value, "'phrase-pause' must be a whole number of milliseconds between 0 (off) and 5000")
                    continue
                }
                phrasePause = milliseconds
            case "answer-timeout":
                guard let seconds = reader.number(value, what: "'answer-timeout'") else { continue }
                guard seconds > 0, seconds <= 3600 else {
                    reader.error(value, "'answer-timeout' must be between 0 and 3600 seconds")
                    continue
                }
                answerTimeout = seconds
            case "wake":
                wake = reader.string(value, what: "'wake'")
                if let phrase = wake, phrase.allSatisfy({ !($0.isLetter || $0.isNumber) }) {
                    reader.error(value, "'wake' must hold at least one word")
                    wake = nil
                }
            case "wake-window":
                guard let seconds = reader.number(value, what: "'wake-window'") else { continue }
                guard seconds > 0, seconds <= 60 else {
                    reader.error(value, "'wake-window' must be between 0 and 60 seconds")
                    continue
                }
                wakeWindow = seconds
            case "wake-threshold": wakeThreshold = fraction(value, key)
            case "wake-accent": wakeAccent = choice(value, key, of: Self.wakeAccentValues)
            case "wake-reply":
                wakeReply = reader.string(value, what: "'wake-reply'")
                if let reply = wakeReply, reply.allSatisfy({ !($0.isLetter || $0.isNumber) }) {
                    reader.error(value, "'wake-reply' must hold at least one word")
                    wakeReply = nil
                }
            case "wake-earcon":
                guard let text = reader.string(value, what: "'wake-earcon'") else { continue }
                guard text != "chime" else {
                    wakeEarcon = text
                    continue
                }
                guard let file = path(value, key) else { continue }
                guard FileManager.default.isReadableFile(atPath: file) else {
                    reader.error(value, "'wake-earcon' must be chime or a readable WAV file; cannot read \(file)")
                    continue
                }
                wakeEarcon = file
            case "ask-unclear": askUnclear = choice(value, key, of: Self.askUnclearValues)
            case "mqtt": mqtt = Self.mqtt(value, key: keyNode, reader: &reader, folder: folder, paths: paths)
            case "site": site = Self.site(value, key: "'site'", reader: &reader)
            case "satellites": satellites = Self.satellites(value, reader: &reader)
            case "tts": textToSpeech = Self.textToSpeech(value, reader: &reader)
            default: break
            }
        }
        if !reader.diagnostics.isEmpty { throw DefinitionError(reader.diagnostics) }
    }

    /// A site name, or `nil` (with an error naming it) when it is not one.
    private static func site(_ node: Node, key: String, reader: inout YAMLReader) -> String? {
        guard let name = reader.string(node, what: key) else { return nil }
        guard SiteRestriction.isValidName(name) else {
            reader.error(node, "\(key): " + SiteRestriction.invalidNameMessage(name))
            return nil
        }
        return name
    }

    /// `tcp://HOST:PORT`, or `nil` (with an error naming it) when it is not one.
    private static func address(_ node: Node, key: String, reader: inout YAMLReader) -> WyomingAddress? {
        guard let uri = reader.string(node, what: key) else { return nil }
        do {
            return try WyomingAddress(uri: uri)
        } catch {
            reader.error(node, "\(key) \"\(uri)\": \(error)")
            return nil
        }
    }

    /// `satellites:`, a list of `{name, uri, site}`. A satellite with a problem is reported
    /// (file and line) and the whole configuration is refused, as for every other key.
    private static func satellites(_ node: Node, reader: inout YAMLReader) -> [SatelliteSettings] {
        guard let items = reader.sequence(node, what: "'satellites'") else { return [] }
        var satellites: [SatelliteSettings] = []
        var names: [String: SourceLocation] = [:]
        for item in items {
            guard let entries = reader.mapping(item, what: "a satellite") else { continue }
            reader.checkKeys(entries, allowed: ["name", "uri", "site"], what: "a satellite")
            func value(_ key: String) -> Node? { entries.first { $0.key == key }?.value }
            let missing = ["name", "uri", "site"].filter { value($0) == nil }
            guard missing.isEmpty else {
                reader.error(
                    item,
                    "a satellite needs \(missing.map { "'\($0)'" }.joined(separator: ", ")), e.g. {name: kitchen-pi, uri: tcp://192.168.1.20:10700, site: kitchen}"
                )
                continue
            }
            guard let nameNode = value("name"), let name = reader.string(nameNode, what: "satellite 'name'"),
                let uriNode = value("uri"),
                let address = Self.address(uriNode, key: "satellite 'uri'", reader: &reader),
                let siteNode = value("site"), let site = Self.site(siteNode, key: "satellite 'site'", reader: &reader)
            else { continue }
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                reader.error(nameNode, "satellite 'name' must not be empty")
                continue
            }
            let location = reader.location(item)
            if let first = names[name] {
                reader.error(nameNode, "satellite '\(name)' is configured twice (first at line \(first.line))")
                continue
            }
            names[name] = location
            satellites.append(SatelliteSettings(name: name, address: address, site: site, location: location))
        }
        return satellites
    }

    /// `tts: {uri: tcp://HOST:PORT}`.
    private static func textToSpeech(_ node: Node, reader: inout YAMLReader) -> WyomingAddress? {
        guard let entries = reader.mapping(node, what: "'tts'") else { return nil }
        reader.checkKeys(entries, allowed: ["uri"], what: "'tts'")
        guard let uriNode = entries.first(where: { $0.key == "uri" })?.value else {
            reader.error(node, "'tts' needs 'uri', e.g. tts: {uri: tcp://127.0.0.1:10200}")
            return nil
        }
        return address(uriNode, key: "tts 'uri'", reader: &reader)
    }
}

import Foundation
import IncantTestSupport
import Testing

@testable import IncantPhrases

@Suite("Paths and configuration file")
struct IncantPathsTests {
    @Test("paths follow XDG_CONFIG_HOME and XDG_DATA_HOME, else ~/.config and ~/.local/share")
    func xdgPaths() {
        let set = IncantPaths(environment: ["XDG_CONFIG_HOME": "/x/conf", "XDG_DATA_HOME": "/data", "HOME": "/home/u"])
        #expect(set.shortcuts == "/x/conf/incant/shortcuts")
        #expect(set.configFile == "/x/conf/incant/config.yaml")
        #expect(set.dictionary == "/x/conf/incant/dictionary.dict")
        #expect(set.phrases == "/data/incant/phrases")
        #expect(set.history == "/data/incant/history.sqlite")
        #expect(set.adaptation == "/data/incant/adaptation.mllr")

        // Relative or empty XDG values are ignored, as the base directory specification requires.
        let fallback = IncantPaths(environment: ["XDG_CONFIG_HOME": "relative", "XDG_DATA_HOME": "", "HOME": "/home/u"])
        #expect(fallback.shortcuts == "/home/u/.config/incant/shortcuts")
        #expect(fallback.history == "/home/u/.local/share/incant/history.sqlite")
        #expect(fallback.expandingTilde("~/Downloads") == "/home/u/Downloads")
        #expect(fallback.expandingTilde("~") == "/home/u")
        #expect(fallback.expandingTilde("a/~/b") == "a/~/b")
    }

    @Test("INCANT_* folder overrides are read once, empty meaning unset")
    func incantOverrides() {
        let set = IncantPaths(environment: [
            "HOME": "/h", "INCANT_MODEL_DIR": "/m", "INCANT_MODELS": "", "INCANT_SPEAK_COMMAND": "/bin/say",
            "INCANT_SPHINXTRAIN_DIR": "/st", "INCANT_DENOISE_DIR": "/dn", "INCANT_LOG_LEVEL": "debug", "PATH": "/p:/q",
        ])
        #expect(set.modelDirectory == "/m")
        #expect(set.modelsDirectory == nil)
        #expect(set.speakCommand == "/bin/say")
        #expect(set.sphinxTrainDirectory == "/st")
        #expect(set.denoiserDirectory == "/dn")
        #expect(set.logLevel == "debug")
        #expect(set.searchPath == "/p:/q")
        #expect(
            set.variables == [
                "INCANT_MODEL_DIR": "/m", "INCANT_SPEAK_COMMAND": "/bin/say", "INCANT_SPHINXTRAIN_DIR": "/st",
                "INCANT_DENOISE_DIR": "/dn", "INCANT_LOG_LEVEL": "debug",
            ])

        let unset = IncantPaths(environment: ["HOME": "/h", "INCANT_DENOISE_DIR": "", "INCANT_LOG_LEVEL": ""])
        #expect(unset.denoiserDirectory == nil && unset.logLevel == nil && unset.searchPath == nil)
    }

    static let paths = IncantPaths(environment: ["HOME": "/home/u"])

    @Test("a configuration file sets options; relative folders resolve against its folder")
    func parsesEveryKey() throws {
        let text = """
            # Incant's settings
            shortcuts: shortcuts
            phrases: ~/my-phrases
            device: plughw:1,0
            speak: yes
            threshold: 0.7
            rejection-threshold: 0.4
            trailing-silence: 400
            phrase-pause: 800
            answer-timeout: 12.5
            model: /opt/model
            wake: hey computer
            wake-window: 7.5
            wake-threshold: 0.8
            wake-accent: british
            wake-reply: yes?
            wake-earcon: chime
            ask-unclear: always
            """
        let configuration = try IncantConfiguration(parsing: text, file: "/etc/x/config.yaml", paths: Self.paths)
        #expect(configuration.shortcuts == "/etc/x/shortcuts")
        #expect(configuration.phrases == "/home/u/my-phrases")
        #expect(configuration.device == "plughw:1,0")
        #expect(configuration.speak == true)
        #expect(configuration.threshold == 0.7)
        #expect(configuration.rejectionThreshold == 0.4)
        #expect(configuration.trailingSilence == 400)
        #expect(configuration.phrasePause == 800)
        #expect(configuration.answerTimeout == 12.5)
        #expect(configuration.model == "/opt/model")
        #expect(configuration.wake == "hey computer")
        #expect(configuration.wakeWindow == 7.5)
        #expect(configuration.wakeThreshold == 0.8)
        #expect(configuration.wakeAccent == "british")
        #expect(configuration.wakeReply == "yes?")
        #expect(configuration.wakeEarcon == "chime")
        #expect(configuration.askUnclear == "always")
    }

    @Test("wake-earcon: a WAV file resolves against the configuration's folder; one that cannot be read is named")
    func wakeEarconFile() throws {
        let folder = try TestAudio.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sound = folder.path + "/ding.wav"
        try Data("RIFF".utf8).write(to: URL(fileURLWithPath: sound))
        let file = folder.path + "/config.yaml"
        let found = try IncantConfiguration(parsing: "wake-earcon: ding.wav", file: file, paths: Self.paths)
        #expect(found.wakeEarcon == sound)
        let error = #expect(throws: DefinitionError.self) {
            try IncantConfiguration(parsing: "speak: yes\nwake-earcon: dong.wav", file: file, paths: Self.paths)
        }
        let lines = error?.diagnostics.map(\.description) ?? []
        #expect(lines.count == 1, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix(file + ":2:") && $0.contains("'wake-earcon'") && $0.contains(folder.path + "/dong.wav")
            })
    }

    @Test(
        "a wake phrase or reply without words, a wake window out of range, an unknown ask-unclear and wake-accent are named"
    )
    func badWakeKeys() {
        let text = """
            wake: "!!"
            wake-window: 0
            wake-reply: "?"
            ask-unclear: sometimes
            wake-accent: scouse
            """
        let error = #expect(throws: DefinitionError.self) {
            try IncantConfiguration(parsing: text, file: "/c/config.yaml", paths: Self.paths)
        }
        let lines = error?.diagnostics.map(\.description) ?? []
        #expect(lines.count == 5, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("/c/config.yaml:4:") && $0.contains("'ask-unclear'") && $0.contains("\"sometimes\"")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("/c/config.yaml:5:") && $0.contains("'wake-accent'") && $0.contains("\"scouse\"")
                    && $0.contains("british")
            })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:1:") && $0.contains("'wake'") })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:2:") && $0.contains("'wake-window'") })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:3:") && $0.contains("'wake-reply'") })
    }

    @Test("every bad key is reported with its file, line and name")
    func badKeysNamed() {
        let text = """
            threshold: 2
            trailing-silence: soon
            speek: true
            speak: maybe
            phrase-pause: 6000
            """
        let error = #expect(throws: DefinitionError.self) {
            try IncantConfiguration(parsing: text, file: "/c/config.yaml", paths: Self.paths)
        }
        let lines = error?.diagnostics.map(\.description) ?? []
        #expect(lines.count == 5, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:5:") && $0.contains("'phrase-pause'") })
        #expect(
            lines.contains { $0.hasPrefix("/c/config.yaml:1:") && $0.contains("'threshold' must be between 0 and 1") })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:2:") && $0.contains("'trailing-silence'") })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:3:") && $0.contains("did you mean 'speak'") })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:4:") && $0.contains("'speak' must be true or false") })
    }

    @Test("malformed YAML names the line; a missing or empty file is an empty configuration")
    func malformedAndMissing() throws {
        let error = #expect(throws: DefinitionError.self) {
            try IncantConfiguration(parsing: "device: [unclosed\n", file: "/c/config.yaml", paths: Self.paths)
        }
        #expect(error?.description.hasPrefix("/c/config.yaml:") == true)
        #expect(
            try IncantConfiguration(parsing: "", file: "/c/config.yaml", paths: Self.paths) == IncantConfiguration())
        #expect(
            try IncantConfiguration(contentsOf: "/nonexistent/incant/config.yaml", paths: Self.paths)
                == IncantConfiguration())
    }

    @Test("mqtt: every key, files resolved against the config's folder, defaults left to the user")
    func parsesMQTT() throws {
        let text = """
            mqtt:
              host: homeassistant.local
              port: 8883
              username: incant
              password-file: secrets/mqtt
              tls: { ca-file: ~/ca.pem }
              site: kitchen
              topic-prefix: home/voice
            """
        let mqtt = try #require(
            try IncantConfiguration(parsing: text, file: "/etc/x/config.yaml", paths: Self.paths).mqtt)
        #expect(
            mqtt
                == MQTTConfiguration(
                    host: "homeassistant.local", port: 8883, username: "incant", passwordFile: "/etc/x/secrets/mqtt",
                    tls: MQTTConfiguration.TLS(caFile: "/home/u/ca.pem"), site: "kitchen", topicPrefix: "home/voice"))
        let plain = try #require(
            try IncantConfiguration(parsing: "mqtt: { host: 10.0.0.2 }", file: "/c/config.yaml", paths: Self.paths).mqtt
        )
        #expect(plain.effectivePort == 1883)
        #expect(plain.site == nil && plain.topicPrefix == nil && plain.tls == nil)
        let secure = try #require(
            try IncantConfiguration(
                parsing: "mqtt: { host: broker, tls: true }", file: "/c/config.yaml", paths: Self.paths
            )
            .mqtt)
        #expect(secure.tls == MQTTConfiguration.TLS() && secure.effectivePort == 8883)
    }

    @Test("every bad mqtt key is named with its file and line")
    func badMQTTKeys() {
        let text = """
            mqtt:
              port: 0
              password_file: /p
              tls: maybe
              site: "living/room"
              topic-prefix: "incant/#"
            """
        let error = #expect(throws: DefinitionError.self) {
            try IncantConfiguration(parsing: text, file: "/c/config.yaml", paths: Self.paths)
        }
        let lines = error?.diagnostics.map(\.description) ?? []
        #expect(lines.count == 6, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:1:") && $0.contains("needs a 'host'") })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:2:") && $0.contains("'mqtt.port'") })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:3:") && $0.contains("did you mean 'password-file'") })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:4:") && $0.contains("'mqtt.tls'") })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:5:") && $0.contains("'mqtt.site' must not contain '/'") })
        #expect(lines.contains { $0.hasPrefix("/c/config.yaml:6:") && $0.contains("'mqtt.topic-prefix'") })

        let noUser = #expect(throws: DefinitionError.self) {
            try IncantConfiguration(
                parsing: "mqtt:\n  host: b\n  password-file: /p\n", file: "/c/config.yaml", paths: Self.paths)
        }
        #expect(noUser?.description.contains("/c/config.yaml:3:") == true)
        #expect(noUser?.description.contains("needs a 'username'") == true)
    }

    @Test("a phrase store path naming a file says so instead of failing on its lock file")
    func storeOnAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("incant-file-\(UUID())").path
        try "not a folder".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let store = PhraseStore(directory: file)
        let reading = #expect(throws: PhraseStoreError.self) { try store.all() }
        #expect(reading?.description.contains("is a file, not a folder") == true, "\(String(describing: reading))")
        let editor = PhraseEditor(store: store, shortcuts: try Fixtures.shortcuts())
        let writing = #expect(throws: PhraseStoreError.self) {
            try editor.add(shortcut: "order-pizza", phrase: "order my usual", settings: ["kind": "margherita"])
        }
        #expect(writing?.description.contains("is a file, not a folder") == true, "\(String(describing: writing))")
        #expect(!(writing?.description.contains("lock") ?? true))
    }
}

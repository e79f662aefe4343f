import IncantPhrases
import IncantRoomMixing

/// A deterministic generator of home-automation-like shortcut definitions, for load and match
/// timing at 10, 1,000 and 10,000 phrases.
struct SyntheticPhrases {
    var random: SplitMix64

    static let verbs = [
        "turn on", "turn off", "switch on", "switch off", "dim", "open", "close", "start", "stop", "play", "pause",
        "lock", "unlock", "show", "hide", "check", "set", "reset", "call", "order",
    ]
    static let adjectives = [
        "red", "blue", "green", "small", "large", "old", "new", "front", "back", "upper", "lower", "left", "right",
        "main", "spare", "quiet", "bright", "warm", "cold", "fast",
    ]
    static let nouns = [
        "lights", "lamp", "fan", "heater", "door", "window", "blinds", "music", "radio", "television", "kettle", "oven",
        "camera", "speaker", "printer", "garage", "gate", "sprinkler", "vacuum", "dishwasher", "washer", "dryer",
        "alarm", "thermostat", "curtains",
    ]
    static let rooms = [
        "kitchen", "bedroom", "bathroom", "hallway", "office", "garden", "attic", "basement", "porch", "study",
        "nursery", "pantry", "lounge", "cellar", "balcony", "library",
    ]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func pick(_ words: [String]) -> String {
        words[Int(random.next() % UInt64(words.count))]
    }

    /// YAML text with `phraseCount` phrases over shortcuts of 10 phrases each, and the plain
    /// sentences they accept (one per phrase) for queries.
    mutating func definitions(phraseCount: Int) -> (yaml: String, sentences: [String]) {
        var yaml = "shortcuts:\n"
        var sentences: [String] = []
        var used = Set<String>()
        var shortcut = 0
        while sentences.count < phraseCount {
            yaml += """
                  - id: device-\(shortcut)
                    title: Device \(shortcut)
                    parameters:
                      - name: level
                        type: integer
                        range: [1, 100]
                        required: false
                    handle: { run: ["true"] }
                    phrases:

                """
            for _ in 0..<min(10, phraseCount - sentences.count) {
                var sentence = ""
                repeat {
                    sentence =
                        "\(pick(Self.verbs)) the \(pick(Self.adjectives)) \(pick(Self.nouns)) in the \(pick(Self.rooms)) \(pick(Self.rooms))"
                } while used.contains(sentence)
                used.insert(sentence)
                let withSlot = random.next() % 4 == 0
                yaml += "          - \"\(sentence)\(withSlot ? " [to {level}]" : "")\"\n"
                sentences.append(sentence)
            }
            shortcut += 1
        }
        return (yaml, sentences)
    }

    /// Queries: exact sentences, sentences with one word replaced, and unrelated text.
    mutating func queries(from sentences: [String], count: Int) -> [String] {
        var queries: [String] = []
        let unrelated = [
            "what is the weather like tomorrow", "tell me a joke about cats", "how far away is the moon",
            "remind me who won the game yesterday",
        ]
        for index in 0..<count {
            let sentence = sentences[Int(random.next() % UInt64(sentences.count))]
            switch index % 3 {
            case 0: queries.append(sentence)
            case 1:
                var words = sentence.split(separator: " ").map(String.init)
                words[Int(random.next() % UInt64(words.count))] = pick(Self.adjectives)
                queries.append(words.joined(separator: " "))
            default: queries.append(unrelated[index % unrelated.count])
            }
        }
        return queries
    }
}

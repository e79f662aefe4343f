/// Where a free-text slot (`{body}` of type text) sits in the phrase grammar: a run of single
/// phones that stands for whatever words are said there, between or after the phrase's
/// carrier words.
///
/// The grammar search cannot know the words of a free text, so it follows the carrier words
/// and lets this phone run absorb the slot's speech; the slot's audio is then transcribed by a
/// second pass over the model's general English language model (in `IncantRecognition`,
/// `GrammarRecognizer.transcribe(_:)`). The carrier words stay required: a phrase is only heard
/// when its carrier words are, and only they are held to the acceptance policy.
///
/// Phones are dictionary words of their own (`textslot_aa` = `AA`), apart from the
/// ``GarbageModel``'s (speech heard as garbage is rejected; speech heard as a text slot is not).
/// In the word graph the slot is one ``token`` edge, expanded into the phone run when the
/// graph is written out.
public struct TextSlotPlaceholder: Sendable, Hashable {
    /// Probability of each phone transition inside the run, in (0, 1].
    public var phoneProbability: Double
    /// The fewest phones the run takes: a slot holds at least one short word.
    public var minimumPhones: Int

    public init(phoneProbability: Double = 1.0 / Double(CMUPhone.allCases.count), minimumPhones: Int = 3) {
        self.phoneProbability = phoneProbability
        self.minimumPhones = max(1, minimumPhones)
    }

    /// The placeholder the grammar uses.
    public static let standard = TextSlotPlaceholder()

    /// The word-graph label of a text slot; never a dictionary word (normalized words carry
    /// no braces).
    package static let token = "{text}"

    /// The prefix of the placeholder's phone words in hypotheses.
    public static let wordPrefix = "textslot_"

    /// The placeholder's phone words and their one-phone pronunciations.
    public static let words: [(word: String, phone: String)] = CMUPhone.allCases.map {
        (wordPrefix + $0.rawValue.lowercased(), $0.rawValue)
    }

    /// Whether `word` is one of the placeholder's phones.
    public static func isPlaceholder(_ word: String) -> Bool {
        word.hasPrefix(wordPrefix)
    }

    /// The JSGF expansion of the run: ``minimumPhones`` phones, then any number more.
    var jsgf: String {
        let phone = "( " + Self.words.map(\.word).joined(separator: " | ") + " )"
        return Array(repeating: phone, count: minimumPhones).joined(separator: " ") + " " + phone + "*"
    }

    /// FSG transitions for one slot from `state` to `target`, using new states from
    /// `nextState` on (``minimumPhones`` of them; `nextState` is advanced past them).
    func fsgTransitions(from state: Int32, to target: Int32, nextState: inout Int32) -> [String] {
        let probability = String(format: "%.3e", phoneProbability)
        var lines: [String] = []
        var current = state
        for _ in 0..<minimumPhones {
            let next = nextState
            nextState += 1
            for (word, _) in Self.words {
                lines.append("TRANSITION \(current) \(next) \(probability) \(word)")
            }
            current = next
        }
        for (word, _) in Self.words {
            lines.append("TRANSITION \(current) \(current) \(probability) \(word)")
        }
        lines.append("TRANSITION \(current) \(target) 1.0")
        return lines
    }
}

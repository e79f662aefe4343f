import IncantGrammar

/// Translates espeak-ng's ASCII phoneme mnemonics (`espeak-ng -x -v en-us`, e.g. `h@l'oU`)
/// into `CMUPhone`s.
///
/// The mnemonics were chosen over `--ipa` because they keep distinctions IPA output merges
/// (the reduced vowels `I#`, `I2`, `a#`; the flap `t#`; `i@` "idea" versus `i@3` "near").
/// Each mnemonic maps to the CMU phones cmudict most often uses for it. Most of what still
/// differs from cmudict-en-us is proper names, where cmudict itself disagrees with American
/// spelling rules (`PronunciationTests` measures the phone error rate; BENCHMARKS.md has it).
enum ESpeakPhonemeMap {
    /// Why a mnemonic string could not be translated.
    struct Unmappable: Error, Equatable {
        /// The first mnemonic (or character) with no CMU equivalent.
        var phoneme: String
    }

    /// Mnemonic → CMU phones. An empty list marks a mnemonic that carries no phone
    /// (stress, syllable boundaries, pauses, palatalization, nasalization).
    static let table: [String: [CMUPhone]] = [
        // Schwas and r-colored schwas.
        "@": [.ah], "@2": [.ah], "@5": [.ah], "@-": [.ah],
        "3": [.er], "3:": [.er],
        // Syllabic consonants: cmudict writes them with a schwa.
        "@L": [.ah, .l], "L": [.ah, .l], "l-": [.ah, .l], "n-": [.ah, .n], "m-": [.ah, .m],
        // Front and central vowels.
        "a": [.ae], "aa": [.ae], "a#": [.ah], "a2": [.ah],
        "E": [.eh], "E2": [.eh], "E#": [.eh], "e": [.eh],
        "eI": [.ey],
        "i": [.iy], "i:": [.iy], "i;": [.iy], "I;": [.iy], "I2;": [.iy],
        "I": [.ih], "I#": [.ih], "I2": [.ih],
        "V": [.ah],
        // Back vowels (en-us `0` is the unrounded "lot" vowel).
        "A": [.aa], "A:": [.aa], "A#": [.aa], "0": [.aa], "0#": [.aa],
        "O:": [.ao], "O": [.ao], "O2": [.ao],
        "o": [.ow], "oU": [.ow], "oU#": [.ow],
        "u": [.uw], "u:": [.uw], "U": [.uh],
        // Diphthongs and vowel sequences.
        "aI": [.ay], "aI@": [.ay, .ah], "aI3": [.ay, .er],
        "aU": [.aw], "aU@": [.aw, .ah], "aU3": [.aw, .er],
        "OI": [.oy],
        "i@": [.iy, .ah],
        // r-colored vowels.
        "A@": [.aa, .r], "O@": [.ao, .r], "o@": [.ao, .r], "e@": [.eh, .r], "i@3": [.ih, .r], "U@": [.uh, .r],
        // Consonants.
        "p": [.p], "b": [.b], "t": [.t], "d": [.d], "k": [.k], "g": [.g],
        "f": [.f], "v": [.v], "T": [.th], "D": [.dh], "s": [.s], "z": [.z], "S": [.sh], "Z": [.zh],
        "h": [.hh], "m": [.m], "n": [.n], "N": [.ng], "l": [.l], "r": [.r], "w": [.w], "j": [.y],
        "tS": [.ch], "dZ": [.jh], "x": [.k],
        // Allophones: flaps, glottal stop, linking r, variants.
        "t#": [.t], "d#": [.d], "l#": [.l], "t2": [.t], "d2": [.d], "?": [.t], "r-": [.r], "z#": [.z], "s#": [.s],
        // Marks without a phone.
        "'": [], ",": [], "-": [], "_": [], "_:": [], "|": [], ";": [], "~": [], "=": [], "%": [], ":": [],
    ]

    /// What a British (non-rhotic) accent says differently, over ``table``: no `R` that no
    /// vowel follows (`A@` "start" as `AA`, an unstressed `3` "letter" as `AH`, `e@` "square" as
    /// `EH`), and the broad `A` of "bath" and "dance" (`aa`) as `AA`. The stressed `3:` of
    /// "nurse" stays `ER`, the closest vowel the American model has.
    static let britishTable: [String: [CMUPhone]] = [
        "3": [.ah],
        "aa": [.aa],
        "A@": [.aa], "O@": [.ao], "o@": [.ao], "e@": [.eh], "i@3": [.ih, .ah], "U@": [.uh, .ah],
        "aI3": [.ay, .ah], "aU3": [.aw, .ah], "r-": [],
    ]

    /// The mnemonic table for `accent`.
    static func table(for accent: PhoneAccent) -> [String: [CMUPhone]] {
        switch accent {
        case .american: table
        case .british: britishMerged
        }
    }

    private static let britishMerged = table.merging(britishTable) { _, british in british }

    /// The length of the longest mnemonic, for greedy longest-match tokenizing.
    static let longestMnemonic = table.keys.map(\.count).max() ?? 1

    /// The CMU phones for espeak-ng mnemonics such as `h@l'oU` (several words may be
    /// separated by spaces), as `accent` says them. An R right after ER or R is dropped, as in cmudict
    /// (`d'If3r-IN` → `D IH F ER IH NG`). Language-switch markers such as `(fr)` are skipped.
    static func phones(fromESpeak text: String, accent: PhoneAccent = .american) throws(Unmappable) -> [CMUPhone] {
        let table = table(for: accent)
        var phones: [CMUPhone] = []
        for chunk in text.split(whereSeparator: \.isWhitespace) {
            let characters = Array(chunk)
            var index = 0
            while index < characters.count {
                if characters[index] == "(", let close = characters[index...].firstIndex(of: ")") {
                    index = close + 1
                    continue
                }
                var matched = false
                for length in stride(from: min(longestMnemonic, characters.count - index), through: 1, by: -1) {
                    let candidate = String(characters[index..<index + length])
                    if let mapped = table[candidate] {
                        for phone in mapped where !(phone == .r && (phones.last == .er || phones.last == .r)) {
                            phones.append(phone)
                        }
                        index += length
                        matched = true
                        break
                    }
                }
                guard matched else { throw Unmappable(phoneme: String(characters[index])) }
            }
        }
        return phones
    }
}

/// A pronunciation as a non-rhotic accent says it (most of England, Wales, Australia, New
/// Zealand and South Africa): an `R` that no vowel follows within the word is not said, and an
/// `ER` that no vowel follows is said as `AH`. "smart" `S M AA R T` becomes `S M AA T`, "computer"
/// `… T ER` becomes `… T AH`, and the `R` before a vowel in "mirror" `M IH R ER` stays.
enum NonRhoticPronunciation {
    /// The vowels of the model's phone set (CMUdict without stress marks).
    static let vowels: Set<Substring> = [
        "AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW",
    ]

    /// `phones` (separated by spaces) as a non-rhotic accent says them; nil when that is the same.
    static func variant(of phones: String) -> String? {
        let said = phones.split(separator: " ")
        var result: [Substring] = []
        var changed = false
        for (index, phone) in said.enumerated() {
            let beforeVowel = index + 1 < said.count && vowels.contains(said[index + 1])
            switch phone {
            case "R" where !beforeVowel:
                changed = true
            case "ER" where !beforeVowel:
                result.append("AH")
                changed = true
            default:
                result.append(phone)
            }
        }
        return changed && !result.isEmpty ? result.joined(separator: " ") : nil
    }
}

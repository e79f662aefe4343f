/// Turns what was typed or recognized into comparable tokens: lower case, no punctuation,
/// single spaces, filler words dropped, and numbers (said or written) as digits.
///
/// The same normalizer runs over phrase templates and queries, so both sides always agree.
public struct TextNormalizer: Sendable {
    /// Words dropped wherever they appear ("please", "uh", "um", …).
    public var fillers: Set<String>

    public static let defaultFillers: Set<String> = [
        "please", "uh", "um", "umm", "uhm", "er", "erm", "ah", "hmm", "mm", "mhm",
    ]

    public init(fillers: Set<String> = TextNormalizer.defaultFillers) {
        self.fillers = fillers
    }

    /// Lower-cased words of `text` without punctuation (apostrophes inside words and decimal
    /// points inside numbers are kept); fillers and numbers are left as they are.
    public static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        let scalars = Array(text.lowercased().unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let isWordCharacter = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if isWordCharacter {
                current.unicodeScalars.append(scalar)
                continue
            }
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            let previousIsWord = !current.isEmpty
            if scalar == "'" || scalar == "’", previousIsWord, let next, next.properties.isAlphabetic {
                current.unicodeScalars.append("'")
                continue
            }
            if scalar == ".", let last = current.unicodeScalars.last, ("0"..."9").contains(last),
                let next, ("0"..."9").contains(next)
            {
                current.unicodeScalars.append(scalar)
                continue
            }
            if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The normalized tokens of `text`.
    public func tokens(_ text: String) -> [String] {
        normalize(Self.words(of: text))
    }

    /// Drops fillers and rewrites spoken numbers as digits ("twenty one" → "21",
    /// "two point five" → "2.5", "a hundred" → "100", "3 hundred" → "300").
    public func normalize(_ words: [String]) -> [String] {
        let kept = SpokenNumber.expandingShortForms(words.filter { !fillers.contains($0) })
        var output: [String] = []
        output.reserveCapacity(kept.count)
        var index = 0
        while index < kept.count {
            if SpokenNumber.isNumberWord(kept[index]),
                let (value, used) = SpokenNumber.parseInteger(prefixOf: kept[index...])
            {
                var text = String(value)
                var consumed = used
                // "two point five": decimal digits after "point".
                var cursor = index + used
                if cursor + 1 < kept.count, kept[cursor] == "point",
                    let digit = SpokenNumber.units[kept[cursor + 1]], digit < 10
                {
                    var digits = ""
                    cursor += 1
                    while cursor < kept.count, let digit = SpokenNumber.units[kept[cursor]], digit < 10 {
                        digits += String(digit)
                        cursor += 1
                    }
                    text += "." + digits
                    consumed = cursor - index
                }
                output.append(text)
                index += consumed
            } else {
                output.append(kept[index])
                index += 1
            }
        }
        return output
    }
}

/// Reads numbers said as words ("twenty one", "one hundred and five", "two point five") and
/// writes integers back as words, for grammars.
public enum SpokenNumber {
    static let units: [String: Int] = [
        "zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
        "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
        "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
        "eighteen": 18, "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90,
    ]
    static let scales: [String: Int] = ["hundred": 100, "thousand": 1_000, "million": 1_000_000]

    /// Whether `word` can be part of a spoken number ("and" and "point" excepted).
    public static func isNumberWord(_ word: String) -> Bool {
        (units[word] != nil && word != "oh") || tens[word] != nil || scales[word] != nil
    }

    /// Parses the longest spoken number at the start of `words`, returning its value and how
    /// many words it used, or `nil` when the first word does not start a number.
    ///
    /// "twenty one" → 21 (2 words); "one hundred and five" → 105 (4 words); "two twenty" → 2
    /// (1 word: a unit cannot be followed by a tens word).
    public static func parseInteger<S: RandomAccessCollection>(prefixOf words: S) -> (value: Int, count: Int)?
    where S.Element == String, S.Index == Int {
        var total = 0
        var current = 0
        var used = 0
        var lastKind: Kind = .none
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if word == "and" {
                // "and" only inside a number after a scale word and before more number words.
                guard lastKind == .scale, index + 1 < words.endIndex,
                    units[words[index + 1]] != nil || tens[words[index + 1]] != nil
                else { break }
                index += 1
                continue
            }
            if let unit = units[word], word != "oh" {
                guard lastKind == .none || lastKind == .tens || lastKind == .scale else { break }
                if lastKind == .tens && unit >= 10 { break }
                if lastKind == .scale && current % 100 != 0 && current != 0 { break }
                current += unit
                lastKind = unit >= 10 ? .teen : .unit
            } else if let ten = tens[word] {
                guard lastKind == .none || lastKind == .scale else { break }
                if lastKind == .scale && current % 100 != 0 { break }
                current += ten
                lastKind = .tens
            } else if let scale = scales[word] {
                guard lastKind != .none, lastKind != .scale || scale > 100 else { break }
                if scale == 100 {
                    guard current % 100 != 0 || current == 0, current < 100, current > 0 else { break }
                    current *= 100
                } else {
                    guard current > 0 else { break }
                    total += current * scale
                    current = 0
                }
                lastKind = .scale
            } else {
                break
            }
            index += 1
            used = index - words.startIndex
        }
        guard used > 0 else { return nil }
        return (total + current, used)
    }

    private enum Kind { case none, unit, teen, tens, scale }

    /// Rewrites the short forms of a count before a scale word as number words: "a hundred" and
    /// "an hundred" → "one hundred", "3 hundred" → "three hundred"; other words are kept.
    public static func expandingShortForms(_ input: [String]) -> [String] {
        var output: [String] = []
        output.reserveCapacity(input.count)
        for (index, word) in input.enumerated() {
            let beforeScale = index + 1 < input.count && scales[input[index + 1]] != nil
            if beforeScale, word == "a" || word == "an" {
                output.append("one")
            } else if beforeScale, let digits = Int(word), (1..<1_000).contains(digits), word.first != "+" {
                output += Self.words(for: digits).split(separator: " ").map(String.init)
            } else {
                output.append(word)
            }
        }
        return output
    }

    /// Parses a whole text ("twenty one", "21", "two point five", "-3") as a number.
    public static func parseNumber(_ text: String) -> Double? {
        let words = expandingShortForms(TextNormalizer.words(of: text))
        guard !words.isEmpty else { return nil }
        if words.count == 1, let value = Double(words[0]) { return value }
        var negative = false
        var rest = words[...]
        if rest.first == "minus" || rest.first == "negative" {
            negative = true
            rest = rest.dropFirst()
        }
        let array = Array(rest)
        guard let (integer, used) = parseInteger(prefixOf: array) else { return nil }
        var value = Double(integer)
        if used < array.count {
            guard array[used] == "point", used + 1 < array.count else { return nil }
            var digits = ""
            for word in array[(used + 1)...] {
                guard let digit = units[word], digit < 10 else { return nil }
                digits += String(digit)
            }
            value = Double("\(integer).\(digits)") ?? value
        }
        return negative ? -value : value
    }

    /// Parses a whole text as an integer ("twenty one", "21").
    public static func parseInteger(_ text: String) -> Int? {
        guard let value = parseNumber(text), value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// The words for `value`, e.g. 21 → "twenty one", 105 → "one hundred five".
    public static func words(for value: Int) -> String {
        if value < 0 { return "minus " + words(for: -value) }
        if value < 20 { return unitNames[value] }
        if value < 100 {
            let ten = tensNames[value / 10]
            return value % 10 == 0 ? ten : ten + " " + unitNames[value % 10]
        }
        if value < 1_000 {
            let head = unitNames[value / 100] + " hundred"
            return value % 100 == 0 ? head : head + " " + words(for: value % 100)
        }
        if value < 1_000_000 {
            let head = words(for: value / 1_000) + " thousand"
            return value % 1_000 == 0 ? head : head + " " + words(for: value % 1_000)
        }
        let head = words(for: value / 1_000_000) + " million"
        return value % 1_000_000 == 0 ? head : head + " " + words(for: value % 1_000_000)
    }

    private static let unitNames = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
        "nineteen",
    ]
    private static let tensNames = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ]
}

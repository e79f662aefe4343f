@testable import IncantPhrases

/// Fuzz harness for phrase templates: the first byte picks an expansion limit, the rest is the
/// template text.
///
/// A template either parses or fails with a column inside the text; one that parses expands to
/// at most `limit` distinct sequences using only its own words and slots, and its text written
/// back (``TemplateNode/templateText``) parses to a template with the same expansions.
///
/// Expanding costs up to `limit` times the template's length (a template may hold 1,000 words
/// and slots), and removing repeats hashes every sequence, so the large limit is lowered to
/// about ``tokenBudget`` tokens divided by the template's words and slots: 10,000 expansions of
/// a 1,000-word template take seconds under AddressSanitizer and would only slow the search
/// down, while a small budget still truncates every template with many ways to say it.
public enum TemplatesFuzzTarget {
    /// About how many tokens (expansions × template length) one input may expand to.
    static let tokenBudget = 5_000

    /// Runs one input and returns whether the template parsed. Traps (a fuzzer finding) when an
    /// invariant does not hold.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first else { return false }
        // Small limits (0…63) exercise truncation; otherwise the default limit.
        let requested = first < 0x80 ? Int(first & 0x3F) : 10_000
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let template: PhraseTemplate
        do {
            template = try PhraseTemplate(text)
        } catch let error as TemplateSyntaxError {
            precondition(error.template == text, "error names another template")
            precondition(
                (1...text.count + 1).contains(error.column),
                "error column \(error.column) outside the \(text.count)-character template: \(error)")
            precondition(!error.message.isEmpty, "syntax error without a message")
            return false
        } catch {
            preconditionFailure("template parser threw \(type(of: error)), not TemplateSyntaxError: \(error)")
        }
        let root = template.root
        precondition(!root.words.isEmpty || !root.slotNames.isEmpty, "a template without words parsed")
        let units = root.words.count + root.slotNames.count
        precondition(units <= TemplateParser.maximumUnits, "a template with \(units) words and slots parsed")
        let limit = min(requested, max(1, tokenBudget / units))
        let words = Set(root.words)
        let slots = Set(template.slotNames)
        let expansions = template.expansions(limit: limit)
        precondition(expansions.count <= max(0, limit), "\(expansions.count) expansions over the limit \(limit)")
        precondition(Set(expansions).count == expansions.count, "repeated expansion")
        precondition(expansions.count <= root.expansionCount, "more expansions than expansionCount")
        for expansion in expansions {
            for token in expansion {
                switch token {
                case .word(let word): precondition(words.contains(word), "expansion word '\(word)' not in template")
                case .slot(let name): precondition(slots.contains(name), "expansion slot {\(name)} not in template")
                }
            }
        }
        // A word that starts with a combining mark (possible after a line break) would join the
        // space written before it into one character; such templates cannot be written back.
        guard root.words.allSatisfy({ (" " + $0 + " ").count == $0.count + 2 }) else { return true }
        let written = root.templateText
        let reparsed: PhraseTemplate
        do {
            reparsed = try PhraseTemplate(written)
        } catch {
            preconditionFailure("written-back template \"\(written)\" does not parse: \(error)")
        }
        precondition(
            reparsed.root.expansionCount == root.expansionCount,
            "written-back template \"\(written)\" has another expansion count")
        precondition(
            reparsed.expansions(limit: limit) == expansions,
            "written-back template \"\(written)\" expands differently")
        return true
    }
}

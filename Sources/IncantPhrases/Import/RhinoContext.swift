import Foundation
import Yams

/// Converts a Picovoice Rhino context (`context.yaml`) into Incant shortcut definitions, one
/// shortcut per intent.
///
/// Rhino's expression syntax maps onto Incant's templates:
///
/// | Rhino | Incant |
/// |---|---|
/// | `[a, b]` (one of) | `(a|b)` |
/// | `(a, b)` (optional) | `[a|b]` |
/// | `$type:name` (slot from `slots:`) | `{name}`, an enum parameter |
/// | `$pv.SingleDigitInteger:name`, `$pv.TwoDigitInteger:name`, `$pv.Percent:name` | `{name}`, an integer parameter (0–9, 0–99, 0–100 followed by "percent") |
/// | `@macro` (from `macros:`) | `(first|second|…)`, each line of the macro converted the same way |
///
/// Groups nest, and choices may hold slots and macros. Used by `incant shortcuts import-rhino`
/// and by the benchmark, which runs the Picovoice speech-to-intent recordings against the
/// converted phrases.
public enum RhinoContext {
    /// A conversion problem naming the file, the intent and the expression.
    public struct ConversionError: Error, CustomStringConvertible, Sendable {
        public var message: String
        public var description: String { message }
    }

    /// The converted definitions as YAML text (readable, with the original context's order).
    public static func convert(yaml text: String, source: String = "context.yaml") throws -> String {
        let root: Any?
        do {
            root = try Yams.load(yaml: text)
        } catch {
            throw ConversionError(message: "\(source): not valid YAML: \(error)")
        }
        guard let top = root as? [String: Any], let context = top["context"] as? [String: Any] else {
            throw ConversionError(message: "\(source): expected a top-level 'context:' mapping")
        }
        guard let expressions = context["expressions"] as? [String: Any] else {
            throw ConversionError(message: "\(source): 'context' has no 'expressions'")
        }
        let slotValues = (context["slots"] as? [String: Any]) ?? [:]
        var macros: [String: [String]] = [:]
        for (name, body) in (context["macros"] as? [String: Any]) ?? [:] {
            guard let lines = body as? [Any] else {
                throw ConversionError(message: "\(source): macro '\(name)' must be a list of expressions")
            }
            macros[name] = lines.map { "\($0)" }
        }
        var output =
            "# Converted from \(source) (Picovoice Rhino context) by `incant shortcuts import-rhino`.\nshortcuts:\n"
        for intent in expressions.keys.sorted() {
            guard let list = expressions[intent] as? [Any] else {
                throw ConversionError(message: "\(source): expressions of '\(intent)' must be a list")
            }
            var parameters: [Slot] = []
            var phrases: [String] = []
            for item in list {
                guard let expression = item as? String else {
                    throw ConversionError(message: "\(source): expression of '\(intent)' is not text: \(item)")
                }
                let template: String
                let slots: [Slot]
                do {
                    (template, slots) = try convertExpression(expression, intent: intent, macros: macros)
                } catch let error as ConversionError {
                    throw ConversionError(message: "\(source): \(error.message)")
                }
                for slot in slots {
                    if let known = parameters.first(where: { $0.name == slot.name }) {
                        guard known.type == slot.type else {
                            throw ConversionError(
                                message:
                                    "\(source): intent '\(intent)' uses slot '\(slot.name)' with two types, '\(known.type)' and '\(slot.type)'"
                            )
                        }
                        continue
                    }
                    guard slot.builtIn != nil || slotValues[slot.type] != nil else {
                        throw ConversionError(
                            message: "\(source): expression of '\(intent)' uses unknown slot type '\(slot.type)'")
                    }
                    parameters.append(slot)
                }
                phrases.append(template)
            }
            output += "  - id: \(intent)\n    title: \(quoted(intent))\n"
            if !parameters.isEmpty {
                output += "    parameters:\n"
                for parameter in parameters {
                    output += "      - name: \(parameter.name)\n"
                    if let range = parameter.builtIn?.range {
                        output += "        type: integer\n        required: false\n"
                        output += "        range: [\(range.lowerBound), \(range.upperBound)]\n"
                    } else {
                        let values = (slotValues[parameter.type] as? [Any] ?? []).map { "\($0)" }
                        output += "        type: enum\n        required: false\n"
                        output += "        values: [" + values.map(quoted).joined(separator: ", ") + "]\n"
                    }
                }
            }
            output += "    phrases:\n"
            for phrase in phrases { output += "      - \(quoted(phrase))\n" }
            output += "    responses:\n      success: \(quoted("\(intent)."))\n"
        }
        return output
    }

    /// One Rhino expression as an Incant template, with the slots it uses.
    static func convertExpression(
        _ expression: String, intent: String, macros: [String: [String]] = [:]
    ) throws -> (String, [Slot]) {
        var converter = ExpressionConverter(expression: expression, macros: macros)
        do {
            return (try converter.convert(), converter.slots)
        } catch let error as ConversionError {
            throw ConversionError(message: "expression of '\(intent)' \"\(expression)\": \(error.message)")
        }
    }

    /// A slot an expression uses: `$type:name`.
    struct Slot: Equatable {
        var name: String
        var type: String
        /// Rhino's built-in slot types (`pv.`) that Incant reads as numbers.
        var builtIn: BuiltInSlot? { BuiltInSlot(rawValue: type) }
    }

    /// Rhino's built-in number slots, converted to integer parameters.
    enum BuiltInSlot: String {
        case singleDigitInteger = "pv.SingleDigitInteger"
        case twoDigitInteger = "pv.TwoDigitInteger"
        case percent = "pv.Percent"

        var range: ClosedRange<Int> {
            switch self {
            case .singleDigitInteger: return 0...9
            case .twoDigitInteger: return 0...99
            case .percent: return 0...100
            }
        }

        /// Words said after the number, part of the slot in Rhino.
        var suffix: String { self == .percent ? " percent" : "" }
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A recursive-descent reading of one Rhino expression.
private struct ExpressionConverter {
    let characters: [Character]
    let macros: [String: [String]]
    /// Macros being expanded, to refuse one that uses itself.
    var expanding: [String]
    var position = 0
    var slots: [RhinoContext.Slot] = []

    init(expression: String, macros: [String: [String]], expanding: [String] = []) {
        self.characters = Array(expression)
        self.macros = macros
        self.expanding = expanding
    }

    mutating func convert() throws -> String {
        let text = try sequence(closing: nil)
        let words = text.split(separator: " ").joined(separator: " ")
        guard !words.isEmpty else { throw error("the expression is empty") }
        return words
    }

    func error(_ message: String) -> RhinoContext.ConversionError {
        RhinoContext.ConversionError(message: "\(message) (at character \(position + 1))")
    }

    /// Text up to `closing` or a `,` inside a group; the whole expression when `closing` is nil.
    mutating func sequence(closing: Character?) throws -> String {
        var output = ""
        while position < characters.count {
            let character = characters[position]
            switch character {
            case "$":
                output += try slot()
            case "@":
                output += try macro()
            case "[", "(":
                let close: Character = character == "[" ? "]" : ")"
                position += 1
                let choices = try group(closing: close)
                output += character == "[" ? " (\(choices)) " : " [\(choices)] "
            case ",":
                guard closing != nil else { throw error("',' outside a [choice] or (optional) group") }
                return output
            case "]", ")":
                guard closing == character else {
                    throw error(
                        closing.map { "expected '\($0)' but found '\(character)'" } ?? "unmatched '\(character)'")
                }
                return output
            case "{", "}", "|":
                throw error("'\(character)' is not part of Rhino's syntax")
            default:
                output.append(character)
                position += 1
            }
        }
        if let closing { throw error("missing '\(closing)'") }
        return output
    }

    /// The alternatives of a group, after its opening bracket, joined with `|`.
    mutating func group(closing: Character) throws -> String {
        var alternatives: [String] = []
        while true {
            let alternative = try sequence(closing: closing).split(separator: " ").joined(separator: " ")
            guard !alternative.isEmpty else { throw error("empty choice in a group") }
            alternatives.append(alternative)
            let separator = characters[position]
            position += 1
            if separator == closing { return alternatives.joined(separator: "|") }
        }
    }

    /// `$type:name` → `{name}`.
    mutating func slot() throws -> String {
        position += 1
        let start = position
        while position < characters.count,
            characters[position].isLetter || characters[position].isNumber || ":_.".contains(characters[position])
        {
            position += 1
        }
        let reference = String(characters[start..<position])
        let parts = reference.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw error("bad slot reference '$\(reference)' (expected $type:name)")
        }
        let slot = RhinoContext.Slot(name: String(parts[1]), type: String(parts[0]))
        if slot.type.hasPrefix("pv."), slot.builtIn == nil {
            throw error(
                "built-in slot type '\(slot.type)' is not supported (supported: "
                    + "pv.SingleDigitInteger, pv.TwoDigitInteger, pv.Percent)")
        }
        slots.append(slot)
        return " {\(slot.name)}\(slot.builtIn?.suffix ?? "") "
    }

    /// `@name` → `(line one|line two|…)`.
    mutating func macro() throws -> String {
        position += 1
        let start = position
        while position < characters.count,
            characters[position].isLetter || characters[position].isNumber || characters[position] == "_"
        {
            position += 1
        }
        let name = String(characters[start..<position])
        guard !name.isEmpty else { throw error("'@' without a macro name") }
        guard let lines = macros[name] else { throw error("unknown macro '@\(name)'") }
        guard !expanding.contains(name) else {
            throw error(
                "macro '@\(name)' uses itself (\((expanding + [name]).map { "@" + $0 }.joined(separator: " → ")))")
        }
        guard !lines.isEmpty else { throw error("macro '@\(name)' has no lines") }
        var alternatives: [String] = []
        for line in lines {
            var inner = ExpressionConverter(expression: line, macros: macros, expanding: expanding + [name])
            do {
                alternatives.append(try inner.convert())
            } catch let error as RhinoContext.ConversionError {
                throw self.error("in macro '@\(name)' line \"\(line)\": \(error.message)")
            }
            slots += inner.slots
        }
        return " (\(alternatives.joined(separator: "|"))) "
    }
}

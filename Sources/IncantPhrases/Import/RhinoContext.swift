import Foundation
import Yams

/// Converts a Picovoice Rhino context (`context.yaml`: `expressions` per intent with
/// `$slotType:slotName` slots, `[a, b]` choices and `(optional)` parts, and `slots` value
/// lists) into Incant shortcut definitions, one shortcut per intent.
///
/// Used by `incant shortcuts import-rhino` and by the benchmark, which runs the Picovoice
/// speech-to-intent recordings against the converted phrases.
public enum RhinoContext {
    /// A conversion problem naming the expression.
    public struct ConversionError: Error, CustomStringConvertible, Sendable {
        public var message: String
        public var description: String { message }
    }

    /// The converted definitions as YAML text (readable, with the original context's order).
    public static func convert(yaml text: String, source: String = "context.yaml") throws -> String {
        let root = try Yams.load(yaml: text)
        guard let top = root as? [String: Any], let context = top["context"] as? [String: Any] else {
            throw ConversionError(message: "\(source): expected a top-level 'context:' mapping")
        }
        guard let expressions = context["expressions"] as? [String: Any] else {
            throw ConversionError(message: "\(source): 'context' has no 'expressions'")
        }
        let slotValues = (context["slots"] as? [String: Any]) ?? [:]
        var output =
            "# Converted from \(source) (Picovoice Rhino context) by `incant shortcuts import-rhino`.\nshortcuts:\n"
        for intent in expressions.keys.sorted() {
            guard let list = expressions[intent] as? [Any] else {
                throw ConversionError(message: "\(source): expressions of '\(intent)' must be a list")
            }
            var parameters: [(name: String, type: String)] = []
            var phrases: [String] = []
            for case let expression as String in list {
                let (template, slots) = try convertExpression(expression, intent: intent)
                for slot in slots where !parameters.contains(where: { $0.name == slot.name }) {
                    guard slotValues[slot.type] != nil else {
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
                    let values = (slotValues[parameter.type] as? [Any] ?? []).map { "\($0)" }
                    output += "      - name: \(parameter.name)\n        type: enum\n        required: false\n"
                    output += "        values: [" + values.map(quoted).joined(separator: ", ") + "]\n"
                }
            }
            output += "    phrases:\n"
            for phrase in phrases { output += "      - \(quoted(phrase))\n" }
            output += "    responses:\n      success: \(quoted("\(intent)."))\n"
        }
        return output
    }

    /// One Rhino expression as an Incant template, with the slots it uses.
    static func convertExpression(_ expression: String, intent: String) throws -> (
        String, [(name: String, type: String)]
    ) {
        var output = ""
        var slots: [(name: String, type: String)] = []
        var index = expression.startIndex
        while index < expression.endIndex {
            let character = expression[index]
            switch character {
            case "$":
                // $type:name
                var end = expression.index(after: index)
                while end < expression.endIndex,
                    expression[end].isLetter || expression[end].isNumber || expression[end] == ":"
                        || expression[end] == "_"
                {
                    end = expression.index(after: end)
                }
                let reference = expression[expression.index(after: index)..<end].split(separator: ":")
                guard reference.count == 2 else {
                    throw ConversionError(message: "expression of '\(intent)': bad slot reference in \"\(expression)\"")
                }
                slots.append((String(reference[1]), String(reference[0])))
                output += "{\(reference[1])}"
                index = end
            case "[", "(":
                // A choice of one: [a, b] → (a|b); optional: (a, b) → [a|b].
                let closing: Character = character == "[" ? "]" : ")"
                guard let close = expression[index...].firstIndex(of: closing) else {
                    throw ConversionError(
                        message: "expression of '\(intent)': missing '\(closing)' in \"\(expression)\"")
                }
                let choices = expression[expression.index(after: index)..<close].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }.joined(separator: "|")
                output += character == "[" ? "(\(choices))" : "[\(choices)]"
                index = expression.index(after: close)
            case "@":
                throw ConversionError(
                    message: "expression of '\(intent)': macros (@name) are not supported: \"\(expression)\"")
            default:
                output.append(character)
                index = expression.index(after: index)
            }
        }
        return (output.split(separator: " ").joined(separator: " "), slots)
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

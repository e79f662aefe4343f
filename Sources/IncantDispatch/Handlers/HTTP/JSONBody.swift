import IncantPhrases

/// Filling a ``JSONTemplate`` into JSON text: values are placed as JSON values and escaped by
/// the writer, never pasted into JSON text, so no spoken value can change the body's shape.
enum JSONBody {
    /// The JSON text of `template` with `parameters`: a string that is exactly one placeholder
    /// becomes the value itself (a number, boolean or string; `null` without a value); a string
    /// with placeholders among other text gets each value's text (empty without one).
    static func render(_ template: JSONTemplate, parameters: [String: ParameterValue]) -> String {
        var output = ""
        write(template, parameters: parameters, to: &output)
        return output
    }

    private static func write(_ template: JSONTemplate, parameters: [String: ParameterValue], to output: inout String) {
        switch template {
        case .null:
            output += "null"
        case .boolean(let value):
            output += value ? "true" : "false"
        case .integer(let value):
            output += String(value)
        case .number(let value):
            output += value.isFinite ? String(value) : "null"
        case .string(let text):
            if let name = text.solePlaceholder {
                write(parameters[name], to: &output)
            } else {
                var values = parameters
                for name in text.placeholders where values[name] == nil { values[name] = .text("") }
                writeString(text.render(values), to: &output)
            }
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                write(item, parameters: parameters, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                writeString(member.key, to: &output)
                output += ":"
                write(member.value, parameters: parameters, to: &output)
            }
            output += "}"
        }
    }

    private static func write(_ value: ParameterValue?, to output: inout String) {
        switch value {
        case nil: output += "null"
        case .text(let text): writeString(text, to: &output)
        case .integer(let number): output += String(number)
        case .number(let number): output += number.isFinite ? String(number) : "null"
        case .boolean(let flag): output += flag ? "true" : "false"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped; every other
    /// character (including non-ASCII) written as it is, in UTF-8.
    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

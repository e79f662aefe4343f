import Testing

@testable import IncantPhrases

/// Converting Picovoice Rhino contexts: every piece of Rhino's expression syntax, and a clear
/// error for each thing that cannot be converted.
@Suite("Rhino context import")
struct RhinoContextTests {
    /// A smart-lighting context in the style of Picovoice's demos: macros, nested groups, a
    /// slot inside a choice and built-in number slots.
    static let lighting = """
        context:
          expressions:
            changeColor:
              - "@please [turn, make] (all) (the) [$location:location lights, lights in the $location:location] $color:color"
              - "[set, change] the $location:location [light, lights] [to $color:color, (to) @bright]"
            setBrightness:
              - "@please [set, dim] the $location:location lights to $pv.Percent:brightness"
              - "[set, dim] the lights to $pv.TwoDigitInteger:level"
          slots:
            location: [kitchen, "living room", bedroom]
            color: [red, blue, "warm white"]
          macros:
            please:
              - "(please)"
              - "can you (please)"
            bright:
              - "bright"
              - "[really, very] bright"
        """

    static func matcher(_ context: String) throws -> PhraseMatcher {
        let yaml = try RhinoContext.convert(yaml: context, source: "lighting.yaml")
        let result = DefinitionLoader.parse(yaml, file: "lighting.yaml")
        guard !result.hasErrors else { throw DefinitionError(result.diagnostics) }
        return PhraseMatcher(catalog: PhraseCatalog(shortcuts: result.shortcuts))
    }

    @Test func choicesOptionalsAndNestedGroups() throws {
        let (template, slots) = try RhinoContext.convertExpression(
            "[turn, make] (all) (the) [$location:location lights, lights in the $location:location] on",
            intent: "lights")
        #expect(template == "(turn|make) [all] [the] ({location} lights|lights in the {location}) on")
        #expect(slots.map(\.name) == ["location", "location"])
        let nested = try RhinoContext.convertExpression("[to $color:color, (to) (really) red]", intent: "x")
        #expect(nested.0 == "(to {color}|[to] [really] red)")
    }

    @Test func macrosExpandIntoChoicesOfTheirLines() throws {
        let (template, _) = try RhinoContext.convertExpression(
            "@please turn on", intent: "x", macros: ["please": ["(please)", "can you (please)"]])
        #expect(template == "([please]|can you [please]) turn on")
    }

    @Test func convertedContextMatchesWhatItsExpressionsSay() throws {
        let matcher = try Self.matcher(Self.lighting)
        let color = try #require(
            matcher.match("can you please make all the lights in the living room warm white").accepted)
        #expect(color.shortcutID == "changeColor")
        #expect(color.parameters == ["location": .text("living room"), "color": .text("warm white")])
        let bright = try #require(matcher.match("change the kitchen light to very bright").accepted)
        #expect(bright.shortcutID == "changeColor")
        #expect(bright.parameters == ["location": .text("kitchen")])
        let percent = try #require(matcher.match("dim the bedroom lights to forty five percent").accepted)
        #expect(percent.shortcutID == "setBrightness")
        #expect(percent.parameters == ["location": .text("bedroom"), "brightness": .integer(45)])
        let level = try #require(matcher.match("set the lights to 7").accepted)
        #expect(level.parameters == ["level": .integer(7)])
    }

    @Test func builtInNumberSlotsBecomeIntegerParameters() throws {
        let yaml = try RhinoContext.convert(yaml: Self.lighting)
        #expect(
            yaml.contains("- name: brightness\n        type: integer\n        required: false\n        range: [0, 100]")
        )
        #expect(yaml.contains("- name: level\n        type: integer\n        required: false\n        range: [0, 99]"))
        #expect(yaml.contains("{brightness} percent"))
    }

    @Test(arguments: [
        ("[a, b", "missing ']'"),
        ("a, b", "',' outside a [choice] or (optional) group"),
        ("a ] b", "unmatched ']'"),
        ("[a, (b]", "expected ')' but found ']'"),
        ("[a, , b]", "empty choice in a group"),
        ("turn $location", "bad slot reference '$location'"),
        ("@nowhere on", "unknown macro '@nowhere'"),
        ("@loop on", "macro '@loop' uses itself (@loop → @again → @loop)"),
        ("set it to $pv.Alphabetic:letter", "built-in slot type 'pv.Alphabetic' is not supported"),
        ("turn {it} on", "'{' is not part of Rhino's syntax"),
    ])
    func badExpressionsNameTheProblem(expression: String, message: String) throws {
        let context = """
            context:
              expressions:
                lights:
                  - "\(expression)"
              slots:
                location: [kitchen]
              macros:
                loop: ["@again"]
                again: ["@loop please"]
            """
        let error = #expect(throws: RhinoContext.ConversionError.self) {
            try RhinoContext.convert(yaml: context, source: "bad.yaml")
        }
        let text = try #require(error?.message)
        #expect(text.hasPrefix("bad.yaml: expression of 'lights' \"\(expression)\": "))
        #expect(text.contains(message), "\(text)")
    }

    @Test func unknownSlotTypeAndMalformedFilesAreNamed() throws {
        let unknown = "context:\n  expressions:\n    lights:\n      - \"turn on $room:room\"\n  slots: {}\n"
        let error = #expect(throws: RhinoContext.ConversionError.self) {
            try RhinoContext.convert(yaml: unknown, source: "rooms.yaml")
        }
        #expect(error?.message == "rooms.yaml: expression of 'lights' uses unknown slot type 'room'")
        #expect(throws: RhinoContext.ConversionError.self) {
            try RhinoContext.convert(yaml: "context: [unclosed", source: "broken.yaml")
        }
        let twoTypes = """
            context:
              expressions:
                lights:
                  - "turn on $room:place"
                  - "turn off $color:place"
              slots:
                room: [kitchen]
                color: [red]
            """
        let clash = #expect(throws: RhinoContext.ConversionError.self) {
            try RhinoContext.convert(yaml: twoTypes, source: "clash.yaml")
        }
        #expect(clash?.message.contains("slot 'place' with two types, 'room' and 'color'") == true)
    }
}

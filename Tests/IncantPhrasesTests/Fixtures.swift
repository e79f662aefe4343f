import Foundation

@testable import IncantPhrases

/// Shortcut definitions shared by the matcher and store tests.
enum Fixtures {
    static let yaml = """
        shortcuts:
          - id: order-pizza
            title: Order pizza
            parameters:
              - name: kind
                type: enum
                values: [margherita, pepperoni, "four cheese"]
              - name: count
                type: integer
                range: [1, 10]
                default: 1
            phrases:
              - "order [me] [a] {kind} pizza"
              - "order {count} {kind} pizzas"
            handle: { run: ["./pizzeria", "order"] }
          - id: set-timer
            title: Set a timer
            parameters:
              - name: minutes
                type: integer
                range: [1, 180]
            phrases:
              - "set [a] timer for {minutes} minutes"
            handle: { run: ["./timer"] }
          - id: kitchen-lights-on
            title: Kitchen lights on
            phrases: ["turn on the kitchen lights"]
            handle: { run: ["./lights", "on"] }
          - id: kitchen-fan-on
            title: Kitchen fan on
            phrases: ["turn on the kitchen fan"]
            handle: { run: ["./fan", "on"] }
          - id: remind
            title: Remind me
            parameters:
              - name: task
                type: text
            phrases: ["remind me to {task}"]
            handle: { run: ["./remind"] }
          - id: lights
            title: Lights
            parameters:
              - name: room
                type: enum
                values: { "living room": living, bedroom: bedroom }
              - name: on
                type: boolean
            phrases: ["turn the {room} lights {on}"]
            handle: { run: ["./lights"] }
        """

    static func shortcuts() throws -> [ShortcutDefinition] {
        let result = DefinitionLoader.parse(yaml, file: "/tmp/fixture.yaml")
        guard !result.hasErrors else { throw DefinitionError(result.diagnostics) }
        return result.shortcuts
    }

    static func matcher(userPhrases: [UserPhrase] = [], options: MatchOptions = MatchOptions()) throws -> PhraseMatcher
    {
        PhraseMatcher(catalog: PhraseCatalog(shortcuts: try shortcuts(), userPhrases: userPhrases), options: options)
    }
}

import IncantDispatch
import IncantPhrases

/// The `order-pizza` shortcut from the docs, with handlers in `directory`.
func pizzaShortcut(
    in directory: ScratchDirectory,
    confirm: [String]? = nil,
    handle: [String]? = ["./handle.sh"],
    timeout: Duration = .seconds(10),
    requiresConfirmation: Bool = false
) -> ShortcutDefinition {
    ShortcutDefinition(
        id: "order-pizza",
        title: "Order pizza",
        parameters: [
            ParameterDefinition(
                name: "kind",
                type: .enumeration([
                    EnumValue(spoken: "margherita"),
                    EnumValue(spoken: "four cheese", value: "4-cheese"),
                ]),
                prompt: "Which pizza?"),
            ParameterDefinition(name: "count", type: .integer(1...20), prompt: "How many?"),
            ParameterDefinition(name: "size", type: .text, defaultValue: .text("large")),
        ],
        confirm: confirm.map {
            .run(arguments: $0, timeout: timeout, workingDirectory: directory.path)
        },
        handle: handle.map {
            .run(arguments: $0, timeout: timeout, workingDirectory: directory.path)
        },
        requiresConfirmation: requiresConfirmation,
        responses: [
            "success": ResponseDeclaration(
                code: "success", dialog: "Ordering {count} {size} {kind}."),
            "failurePizzaUnavailable": ResponseDeclaration(
                code: "failurePizzaUnavailable", dialog: "Sorry, {kind} is sold out."),
            "failurePizzeriaClosed": ResponseDeclaration(
                code: "failurePizzeriaClosed", dialog: "The pizzeria is closed until {opens}.",
                parameters: ["opens"]),
        ]
    )
}

/// A dispatcher with no history, answering from `interaction`.
func makeDispatcher(
    interaction: any DispatchInteraction = NonInteractive(),
    handlers: HandlerRegistry = HandlerRegistry(),
    opener: Opener = .xdgOpen
) -> Dispatcher {
    Dispatcher(handlers: handlers, interaction: interaction, opener: opener)
}

/// Parameters as a phrase match would give them.
let margheritaTimesTwo: [String: ParameterValue] = [
    "kind": .text("margherita"), "count": .integer(2),
]

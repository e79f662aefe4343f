import Foundation
import IncantDispatch
import IncantPhrases
import Testing

@Suite("Response codes")
struct ResponseCodeTests {
    @Test("raw values map to built-in codes, anything else is custom")
    func rawValues() {
        #expect(ResponseCode(rawValue: "continueInApp") == .continueInApp)
        #expect(ResponseCode(rawValue: "failurePizzeriaClosed") == .custom("failurePizzeriaClosed"))
        #expect(ResponseCode.custom("success") == .success)
        #expect(Set([ResponseCode.custom("ready"), .ready]).count == 1)
        #expect(
            ResponseCode.builtIns.map(\.rawValue) == [
                "ready", "success", "failure", "inProgress", "continueInApp",
                "failureRequiringAppLaunch",
            ])
    }

    @Test(
        "failure codes are failure, failureRequiringAppLaunch and custom codes starting with failure"
    )
    func failures() {
        #expect(ResponseCode.failure.isFailure)
        #expect(ResponseCode.failureRequiringAppLaunch.isFailure)
        #expect(ResponseCode.custom("failurePizzeriaClosed").isFailure)
        #expect(!ResponseCode.success.isFailure)
        #expect(!ResponseCode.ready.isFailure)
        #expect(!ResponseCode.continueInApp.isFailure)
        #expect(!ResponseCode.custom("successWithCoupon").isFailure)
    }

    @Test("codes encode and decode as strings")
    func coding() throws {
        let data = try JSONEncoder().encode([ResponseCode.inProgress, .custom("failureOvenCold")])
        #expect(String(decoding: data, as: UTF8.self) == #"["inProgress","failureOvenCold"]"#)
        let decoded = try JSONDecoder().decode([ResponseCode].self, from: data)
        #expect(decoded == [.inProgress, .custom("failureOvenCold")])
    }

    @Test("a response decodes with only a code")
    func responseDecoding() throws {
        let minimal = try JSONDecoder().decode(
            ShortcutResponse.self, from: Data(#"{"code":"ready"}"#.utf8))
        #expect(minimal == .ready)
        let full = try JSONDecoder().decode(
            ShortcutResponse.self,
            from: Data(
                #"{"code":"failureDelayed","parameters":{"minutes":20,"late":true},"dialog":"Soon."}"#
                    .utf8))
        #expect(full.code == .custom("failureDelayed"))
        #expect(full.parameters == ["minutes": .integer(20), "late": .boolean(true)])
        #expect(full.dialog == "Soon.")
    }

    @Test("shortcuts accept built-in and declared codes only")
    func validation() throws {
        let shortcut = ShortcutDefinition(
            id: "order-pizza", title: "Order pizza",
            responses: [
                "failurePizzeriaClosed": ResponseDeclaration(
                    code: "failurePizzeriaClosed", dialog: nil)
            ])
        #expect(shortcut.accepts(.inProgress))
        #expect(shortcut.accepts(.custom("failurePizzeriaClosed")))
        #expect(!shortcut.accepts(.custom("failureOvenExploded")))
        #expect(
            throws: UnknownResponseCodeError(shortcut: "order-pizza", code: "failureOvenExploded")
        ) {
            try shortcut.validate(ShortcutResponse(code: .custom("failureOvenExploded")))
        }
        #expect(
            UnknownResponseCodeError(shortcut: "order-pizza", code: "X").description
                == "unknown response code 'X' from shortcut 'order-pizza'")
    }

    @Test("dialogs: handler's first, then the declared one rendered, then the default")
    func dialogs() {
        let shortcut = ShortcutDefinition(
            id: "order-pizza", title: "Order pizza",
            responses: [
                "failureDelayed": ResponseDeclaration(
                    code: "failureDelayed", dialog: "{kind} will take {minutes} minutes.",
                    parameters: ["minutes"])
            ])
        let parameters: [String: ParameterValue] = [
            "kind": .text("margherita"), "minutes": .integer(5),
        ]
        let delayed = ShortcutResponse(
            code: .custom("failureDelayed"), parameters: ["minutes": .integer(20)])
        #expect(
            shortcut.dialog(for: delayed, parameters: parameters)
                == "margherita will take 20 minutes.")
        var spoken = delayed
        spoken.dialog = "Running late."
        #expect(shortcut.dialog(for: spoken, parameters: parameters) == "Running late.")
        #expect(shortcut.dialog(for: .success, parameters: parameters) == "Done.")
        #expect(shortcut.dialog(for: .success, parameters: parameters, useDefault: false) == nil)
        #expect(
            shortcut.dialog(for: .failure(reason: "x"), parameters: [:])
                == "Sorry, that didn't work.")
        #expect(
            shortcut.dialog(for: ShortcutResponse(code: .custom("customNote")), parameters: [:])
                == nil)
    }

    @Test("dialogs say a boolean as its declared word, never true or false")
    func booleanInDialog() {
        let lights = ShortcutDefinition(
            id: "lights", title: "Lights",
            parameters: [ParameterDefinition(name: "on", type: .boolean)],
            responses: ["success": ResponseDeclaration(code: "success", dialog: "The lights are {on}.")])
        #expect(lights.dialog(for: .success, parameters: ["on": .boolean(true)]) == "The lights are on.")
        #expect(lights.dialog(for: .success, parameters: ["on": .boolean(false)]) == "The lights are off.")
        let lamp = ShortcutDefinition(
            id: "lamp", title: "Lamp",
            parameters: [
                ParameterDefinition(
                    name: "lit", type: .boolean,
                    booleanWords: BooleanVocabulary(trueWords: ["bright", "lit"], falseWords: ["dark"]))
            ],
            responses: ["success": ResponseDeclaration(code: "success", dialog: "The lamp is {lit}.")])
        #expect(lamp.dialog(for: .success, parameters: ["lit": .boolean(true)]) == "The lamp is bright.")
        #expect(lamp.dialog(for: .success, parameters: ["lit": .boolean(false)]) == "The lamp is dark.")
    }
}

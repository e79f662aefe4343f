import IncantDispatch
import IncantPhrases

/// The Hermes (Snips, Rhasspy) intent message published on `hermes/intent/<shortcut>`.
///
/// `{"input", "intent": {"intentName", "confidenceScore"}, "slots": [{"entity", "slotName",
/// "value": {"kind", "value"}, "rawValue"}], "siteId", "sessionId", "customData", "asrConfidence"}`:
/// the shortcut identifier is the intent name and each parameter a slot.
struct HermesIntent: Encodable {
    struct Intent: Encodable {
        var intentName: String
        var confidenceScore: Double
    }

    var input: String
    var intent: Intent
    var slots: [HermesSlot]
    var siteId: String
    var sessionId: String
    var customData: String?
    var asrConfidence: Double?

    private enum CodingKeys: String, CodingKey {
        case input, intent, slots, siteId, sessionId, customData, asrConfidence
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input, forKey: .input)
        try container.encode(intent, forKey: .intent)
        try container.encode(slots, forKey: .slots)
        try container.encode(siteId, forKey: .siteId)
        try container.encode(sessionId, forKey: .sessionId)
        try container.encode(customData, forKey: .customData)
        try container.encode(asrConfidence, forKey: .asrConfidence)
    }
}

/// One parameter as a Hermes slot: `entity` and `slotName` are the parameter's name; the value's
/// kind is `Number` for numbers and `Custom` for text, choices and yes/no (a JSON boolean).
struct HermesSlot: Encodable {
    struct Value: Encodable {
        var kind: String
        var value: ParameterValue
    }

    var entity: String
    var slotName: String
    var value: Value
    var rawValue: String

    init(name: String, value: ParameterValue) {
        entity = name
        slotName = name
        switch value {
        case .integer, .number: self.value = Value(kind: "Number", value: value)
        case .text, .boolean: self.value = Value(kind: "Custom", value: value)
        }
        rawValue = value.description
    }
}

/// `hermes/nlu/intentNotRecognized`: `{"input", "siteId", "sessionId", "customData", "reason"}`.
struct HermesIntentNotRecognized: Encodable {
    var input: String
    var siteId: String
    var sessionId: String
    var customData: String?
    var reason: String?

    private enum CodingKeys: String, CodingKey {
        case input, siteId, sessionId, customData, reason
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input, forKey: .input)
        try container.encode(siteId, forKey: .siteId)
        try container.encode(sessionId, forKey: .sessionId)
        try container.encode(customData, forKey: .customData)
        try container.encode(reason, forKey: .reason)
    }
}

/// `<prefix>/<site>/outcome`: the dispatch of one decision.
///
/// `{"site", "sessionId", "input", "shortcut", "parameters", "status", "confirm": {"code",
/// "dialog", "reason"} | null, "handle": {…} | null, "code", "dialog", "reason"}`.
struct OutcomeMessage: Encodable {
    struct Stage: Encodable {
        var code: String
        var dialog: String?
        var reason: String?

        init(_ result: StageResult) {
            code = result.code.description
            dialog = result.dialog
            reason = result.response.reason
        }

        private enum CodingKeys: String, CodingKey { case code, dialog, reason }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(dialog, forKey: .dialog)
            try container.encode(reason, forKey: .reason)
        }
    }

    var site: String
    var sessionId: String
    var input: String
    var outcome: DispatchOutcome

    private enum CodingKeys: String, CodingKey {
        case site, sessionId, input, shortcut, parameters, status, confirm, handle, code, dialog, reason
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(site, forKey: .site)
        try container.encode(sessionId, forKey: .sessionId)
        try container.encode(input, forKey: .input)
        try container.encode(outcome.shortcut, forKey: .shortcut)
        try container.encode(outcome.parameters, forKey: .parameters)
        try container.encode(outcome.status.rawValue, forKey: .status)
        try container.encode(outcome.confirm.map(Stage.init), forKey: .confirm)
        try container.encode(outcome.handle.map(Stage.init), forKey: .handle)
        try container.encode(outcome.code.description, forKey: .code)
        try container.encode(outcome.dialog, forKey: .dialog)
        try container.encode(outcome.reason, forKey: .reason)
    }
}

/// `<prefix>/<site>/error`: a query that could not be read.
struct QueryErrorMessage: Encodable {
    var site: String
    var error: String
}

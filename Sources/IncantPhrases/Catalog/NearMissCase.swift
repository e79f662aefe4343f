/// A query close to a phrase of the catalog, with what a matcher that never does the wrong
/// thing makes of it; made by ``NearMissGenerator``.
public struct NearMissCase: Sendable, Hashable {
    /// How the query was made from a phrase.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A sentence of the phrase as written.
        case exact
        /// An article or similar word left out ("turn off all lights").
        case forgivableWord = "forgivable word"
        /// A distinguishing word replaced by another action's word or its opposite.
        case swappedWord = "swapped word"
        /// A slot value replaced by another value of the same slot.
        case swappedValue = "swapped value"
        /// A slot left unsaid.
        case droppedSlot = "dropped slot"
        /// A number outside its slot's range.
        case outOfRange = "out of range"
        /// A word that is none of a slot's values.
        case unknownValue = "unknown value"
        /// A sentence that is no command.
        case unrelated
    }

    /// What must happen.
    public enum Expected: Sendable, Hashable {
        /// Run this shortcut with exactly these values.
        case run(shortcutID: String, parameters: [String: ParameterValue])
        /// Run nothing, or run this shortcut only after asking for `parameter` (accepted with it
        /// unset while it has no default); the other values must be `said`.
        case askOrReject(shortcutID: String, parameter: String, said: [String: ParameterValue])
        /// Run nothing.
        case reject
        /// Never run `shortcutID` (a word that tells it from another action was changed); run
        /// nothing, or another shortcut whose phrase the query is up to forgivable words.
        case notAs(shortcutID: String)
    }

    /// How a result compares with the expectation.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// Ran the right action, asked when it should, or ran nothing when nothing was meant.
        case right
        /// Ran nothing (or asked) although the right action was clear: safe, not helpful.
        case safeMiss = "safe miss"
        /// Ran another shortcut, another value, or a default instead of what was said.
        case wrongAction = "wrong action"
    }

    public var query: String
    public var kind: Kind
    public var expected: Expected
    /// The phrase it was made from ("" for unrelated sentences).
    public var phrase: String

    public init(query: String, kind: Kind, expected: Expected, phrase: String) {
        self.query = query
        self.kind = kind
        self.expected = expected
        self.phrase = phrase
    }

    /// Judges what `result` would do with this query; `catalog` gives parameter defaults.
    public func judge(_ result: MatchResult, catalog: PhraseCatalog) -> Outcome {
        guard let accepted = result.accepted else {
            if case .run = expected { return .safeMiss }
            return .right
        }
        switch expected {
        case .reject:
            return .wrongAction
        case .notAs(let shortcutID):
            return accepted.shortcutID == shortcutID ? .wrongAction : .right
        case .run(let shortcutID, let parameters):
            guard accepted.shortcutID == shortcutID else { return .wrongAction }
            if accepted.parameters == parameters { return .right }
            // Fewer values than said: safe only when every missing one is asked for.
            for (name, value) in accepted.parameters where parameters[name] != value { return .wrongAction }
            let missing = parameters.keys.filter { accepted.parameters[$0] == nil }
            let shortcut = catalog.shortcut(shortcutID)
            let asked = missing.allSatisfy { shortcut?.parameter(named: $0).map(Self.isAskedFor) == true }
            return asked ? .safeMiss : .wrongAction
        case .askOrReject(let shortcutID, let parameter, let said):
            guard accepted.shortcutID == shortcutID, accepted.parameters[parameter] == nil else { return .wrongAction }
            for (name, value) in accepted.parameters where said[name] != value { return .wrongAction }
            let definition = catalog.shortcut(shortcutID)?.parameter(named: parameter)
            return definition.map(Self.isAskedFor) == true ? .right : .wrongAction
        }
    }

    /// Whether dispatch asks for the parameter when it is missing (instead of a default or nothing).
    static func isAskedFor(_ parameter: ParameterDefinition) -> Bool {
        parameter.isRequired && parameter.defaultValue == nil
    }
}

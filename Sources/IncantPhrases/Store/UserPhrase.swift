import Foundation

/// A phrase the user bound to a shortcut (Apple's "voice shortcut"), as kept in the phrase
/// store: the words (a template: may hold `{param}` slots, `(a|b)` and `[optional]`), the
/// shortcut, and any parameter values the phrase fixes.
public struct UserPhrase: Sendable, Hashable, Codable, Identifiable {
    /// Short stable identifier, used by `phrases edit` and `phrases remove`.
    public var id: String
    public var shortcut: String
    public var phrase: String
    /// Fixed parameter values, e.g. `kind: margherita`.
    public var parameters: [String: ParameterValue]
    public var added: Date
    /// Recorded takes (WAV file names beside the phrase file), when recorded by voice.
    public var takes: [String]
    /// Where the phrase is stored, for messages (not saved).
    public var location: SourceLocation?

    public init(
        id: String = UserPhrase.makeID(),
        shortcut: String,
        phrase: String,
        parameters: [String: ParameterValue] = [:],
        added: Date = Date(),
        takes: [String] = [],
        location: SourceLocation? = nil
    ) {
        self.id = id
        self.shortcut = shortcut
        self.phrase = phrase
        self.parameters = parameters
        self.added = added
        self.takes = takes
        self.location = location
    }

    enum CodingKeys: String, CodingKey {
        case id, shortcut, phrase, parameters, added, takes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        shortcut = try container.decode(String.self, forKey: .shortcut)
        phrase = try container.decode(String.self, forKey: .phrase)
        parameters = try container.decodeIfPresent([String: ParameterValue].self, forKey: .parameters) ?? [:]
        added = try container.decodeIfPresent(Date.self, forKey: .added) ?? Date(timeIntervalSince1970: 0)
        takes = try container.decodeIfPresent([String].self, forKey: .takes) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(shortcut, forKey: .shortcut)
        try container.encode(phrase, forKey: .phrase)
        if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
        try container.encode(added, forKey: .added)
        if !takes.isEmpty { try container.encode(takes, forKey: .takes) }
    }

    /// The phrase as a catalog entry (parses the template).
    public func entry() throws -> PhraseEntry {
        let template = try PhraseTemplate(phrase, location: location ?? SourceLocation(file: "phrase \(id)"))
        return PhraseEntry(shortcutID: shortcut, template: template, fixedParameters: parameters, origin: .user(id: id))
    }

    /// A new random 8-character identifier.
    public static func makeID() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        return String((0..<8).map { _ in alphabet.randomElement()! })
    }
}

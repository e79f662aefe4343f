import IncantGrammar

/// A pronunciation: a sequence of `CMUPhone`s, written as in the pocketsphinx
/// dictionary, e.g. `HH AH L OW`.
public struct Pronunciation: Sendable, Hashable, CustomStringConvertible {
    /// The phones, in order.
    public var phones: [CMUPhone]

    public init(_ phones: [CMUPhone]) {
        self.phones = phones
    }

    /// Parses space-separated phones such as `"HH AH L OW"`; `nil` if the text is empty
    /// or holds anything but the 39 stressless CMU phones (upper case).
    public init?(_ text: String) {
        var phones: [CMUPhone] = []
        for token in text.split(whereSeparator: \.isWhitespace) {
            guard let phone = CMUPhone(rawValue: String(token)) else { return nil }
            phones.append(phone)
        }
        guard !phones.isEmpty else { return nil }
        self.phones = phones
    }

    /// The phones separated by single spaces, as pocketsphinx expects them.
    public var description: String {
        phones.map(\.rawValue).joined(separator: " ")
    }
}

/// A pronunciation dictionary file that could not be read or holds a malformed line.
public struct PronunciationDictionaryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or the name given to parsed text).
    public var file: String
    /// The 1-based line, or `nil` when the file as a whole could not be read.
    public var line: Int?
    /// What is wrong.
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, the form editors and terminals link to.
    public var description: String {
        if let line { "\(file):\(line): \(message)" } else { "\(file): \(message)" }
    }
}

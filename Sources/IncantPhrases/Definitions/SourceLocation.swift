/// A place in a definition or phrase file, for error messages that name the file and line.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file path as given by the user (not resolved), or a pseudo-name such as `<command line>`.
    public var file: String
    /// 1-based line number, or 0 when unknown.
    public var line: Int
    /// 1-based column number, or 0 when unknown.
    public var column: Int

    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, omitting what is unknown.
    public var description: String {
        if line == 0 { return file }
        if column == 0 { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}

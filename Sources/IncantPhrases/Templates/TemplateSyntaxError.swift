/// A phrase template that cannot be parsed, with the 1-based column of the problem.
public struct TemplateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var template: String
    public var column: Int
    public var message: String

    public init(template: String, column: Int, message: String) {
        self.template = template
        self.column = column
        self.message = message
    }

    public var description: String {
        "\(message) at column \(column) of \"\(template)\""
    }
}

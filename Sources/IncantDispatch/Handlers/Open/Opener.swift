/// The program that opens URLs and files for `open` handlers: `xdg-open` by default, or any
/// command that takes the target as its last argument (tests use a fake).
public struct Opener: Sendable, Hashable {
    /// A program name looked up in `PATH`, or a path to the program.
    public var program: String
    /// Arguments placed before the target.
    public var arguments: [String]
    /// How long the opener may run before it is killed.
    public var timeout: Duration

    /// Creates an opener running `program arguments... target`.
    public init(program: String, arguments: [String] = [], timeout: Duration = .seconds(10)) {
        self.program = program
        self.arguments = arguments
        self.timeout = timeout
    }

    /// `xdg-open`, the freedesktop.org opener.
    public static let xdgOpen = Opener(program: "xdg-open")
}

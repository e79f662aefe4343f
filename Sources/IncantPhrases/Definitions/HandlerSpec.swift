/// How a stage (confirm or handle) of a shortcut is carried out.
public enum HandlerSpec: Sendable, Hashable {
    /// Run a program with these arguments (no shell); the request arrives as JSON on stdin and
    /// `INCANT_*` environment variables. The first argument is resolved against `workingDirectory`
    /// when it is a relative path containing a slash.
    case run(arguments: [String], timeout: Duration, workingDirectory: String)
    /// Open a URL or path with `xdg-open`, like an `NSUserActivity` shortcut (`continueInApp`).
    /// `{param}` placeholders are filled (percent-encoded for URLs).
    case open(target: String)
    /// An in-process Swift handler registered under this name by the embedding program.
    case swift(name: String)
    /// Send an HTTP request (no program, no shell) and read the answer's status and JSON.
    case http(HTTPRequestSpec)

    /// Default timeout for `run` and `http` handlers when the YAML gives none.
    public static let defaultTimeout: Duration = .seconds(10)
}

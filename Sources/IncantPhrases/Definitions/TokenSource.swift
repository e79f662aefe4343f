/// Where an HTTP handler reads its secret token at the time of each request; the token itself
/// is never written in a definition.
public enum TokenSource: Sendable, Hashable {
    /// A file holding the token (surrounding white space is dropped). A relative path starts at
    /// the definition file's folder; `~/` at the home folder.
    case file(path: String, baseDirectory: String)
    /// An environment variable of the Incant process.
    case environment(name: String)
}

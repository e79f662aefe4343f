/// pocketsphinx's log messages, turned into the text of thrown errors.
extension PocketSphinxDecoder {
    static func explain(since mark: Int, or fallback: String) -> String {
        explain(SphinxLog.messages(since: mark), or: fallback)
    }

    static func explain(_ messages: [String], or fallback: String) -> String {
        messages.isEmpty ? fallback : messages.suffix(3).joined(separator: "; ")
    }
}

import Foundation
import IncantPhrases

/// The text path end to end: match a query (or a recognizer's N-best transcripts) against the
/// catalog and, when one shortcut is accepted, dispatch it. `incant simulate` and
/// `incant listen` both go through here, so typed and spoken queries behave the same.
public struct ShortcutRunner: Sendable {
    public let matcher: PhraseMatcher
    public let dispatcher: Dispatcher

    public init(matcher: PhraseMatcher, dispatcher: Dispatcher) {
        self.matcher = matcher
        self.dispatcher = dispatcher
    }

    /// Matches `query` and dispatches the accepted shortcut.
    public func run(_ query: String, options: DispatchOptions = DispatchOptions()) async
        -> QueryReport
    {
        await run(transcripts: [query], options: options)
    }

    /// Matches N-best transcripts (best first) and dispatches the accepted shortcut.
    public func run(transcripts: [String], options: DispatchOptions = DispatchOptions()) async
        -> QueryReport
    {
        await run(
            match: matcher.match(transcripts: transcripts), fallbackQuery: transcripts.first ?? "", options: options)
    }

    /// Dispatches the accepted candidate of an existing match; without one, nothing runs.
    public func run(
        match: MatchResult, fallbackQuery: String, options: DispatchOptions = DispatchOptions()
    ) async -> QueryReport {
        let query = match.best?.transcript ?? fallbackQuery
        guard let candidate = match.accepted,
            let shortcut = matcher.catalog.shortcut(candidate.shortcutID)
        else {
            return QueryReport(query: query, match: match, outcome: nil)
        }
        // A shortcut or phrase limited to other sites is refused by the dispatcher, not run.
        let outcome = await dispatcher.dispatch(
            shortcut, parameters: candidate.parameters, query: query, options: options,
            phraseSites: candidate.phrase.template.sites)
        return QueryReport(query: query, match: match, outcome: outcome)
    }
}

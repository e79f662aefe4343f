import IncantDispatch
import Synchronization

/// Runs the queries that arrive on ``EventTopics/query`` as if they had been typed to
/// `incant simulate`, one at a time, and announces each decision and outcome.
///
/// The text goes to the runner it is given (the matcher, then confirm and handle, with their
/// rules: nobody is asked anything, so a shortcut that needs a yes or a value does not run);
/// it never reaches a shell. At most ``maximumPending`` queries wait; more are dropped and
/// reported.
public final class RemoteQueries: Sendable {
    /// What happened to one message on the query topic.
    public enum Event: Sendable {
        /// A query ran.
        case ran(RemoteQuery, QueryReport)
        /// A payload could not be read; nothing ran.
        case unreadable(RemoteQueryError)
        /// Too many queries were waiting; this one was dropped.
        case dropped(RemoteQuery)
    }

    public let announcer: DecisionAnnouncer
    public let maximumPending: Int
    private let run: @Sendable (String) async -> QueryReport
    private let report: @Sendable (Event) -> Void
    private let queue: AsyncStream<RemoteQuery>
    private let input: AsyncStream<RemoteQuery>.Continuation
    private let worker = Mutex<Task<Void, Never>?>(nil)

    /// - Parameters:
    ///   - run: runs one query's text (matcher → confirm → handle) and returns its report.
    ///   - report: told about every query, for a log; must return quickly.
    public init(
        announcer: DecisionAnnouncer, maximumPending: Int = 16,
        run: @escaping @Sendable (String) async -> QueryReport,
        report: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.announcer = announcer
        self.maximumPending = maximumPending
        self.run = run
        self.report = report
        (queue, input) = AsyncStream.makeStream(of: RemoteQuery.self, bufferingPolicy: .bufferingOldest(maximumPending))
    }

    /// Subscribes to the query topic and starts running what arrives.
    public func start() {
        let queue = queue
        let run = run
        let report = report
        let announcer = announcer
        worker.withLock { task in
            guard task == nil else { return }
            task = Task {
                for await query in queue {
                    let result = await run(query.text)
                    announcer.announce(
                        DecisionAnnouncement(report: result, sessionID: query.sessionID ?? Self.newSession()))
                    report(.ran(query, result))
                }
            }
        }
        let input = input
        announcer.publisher.subscribe(announcer.topics.query) { message in
            do throws(RemoteQueryError) {
                let query = try RemoteQuery(payload: message.payload)
                if case .dropped = input.yield(query) { report(.dropped(query)) }
            } catch {
                announcer.announceUnreadableQuery(error.description)
                report(.unreadable(error))
            }
        }
    }

    /// Takes no more queries and waits for the one running to finish.
    public func stop() async {
        input.finish()
        let task = worker.withLock { $0 }
        await task?.value
    }

    private static func newSession() -> String { DecisionAnnouncement.newSessionID() }
}

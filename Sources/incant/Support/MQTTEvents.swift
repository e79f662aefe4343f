import Foundation
import IncantDispatch
import IncantEvents
import IncantMQTT
import IncantPhrases
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The MQTT side of `listen` and `serve`, configured from `mqtt:` in the configuration file:
/// the client, the announcer the listener or server is given, and the queries it runs.
final class MQTTEvents: Sendable {
    let client: MosquittoClient
    let announcer: DecisionAnnouncer
    private let queries = Mutex<RemoteQueries?>(nil)

    /// The events of `configuration`, or nil when it has no `mqtt:`; nothing connects yet.
    ///
    /// The site in topics and messages is the `mqtt:` section's own, else `site` (the
    /// machine's `site:` or `--site`), else the machine's host name.
    static func configured(_ configuration: MQTTConfiguration?, site: String?) throws -> MQTTEvents? {
        guard let configuration else { return nil }
        return try MQTTEvents(configuration, site: site)
    }

    private init(_ configuration: MQTTConfiguration, site machineSite: String?) throws {
        let site = configuration.site ?? machineSite ?? EventTopics.level(Self.hostName())
        let topics = EventTopics(site: site, prefix: configuration.topicPrefix ?? EventTopics.defaultPrefix)
        do {
            let password = try configuration.passwordFile.map { (file: String) throws(MQTTError) in
                try MQTTClientOptions.secret(fromFile: file)
            }
            let options = MQTTClientOptions(
                host: configuration.host, port: configuration.effectivePort,
                clientID: "incant-\(site)-\(getpid())", username: configuration.username, password: password,
                tls: configuration.tls.map { MQTTClientOptions.TLS(caFile: $0.caFile) },
                status: MQTTClientOptions.Status(
                    topic: topics.status, online: EventTopics.online, offline: EventTopics.offline))
            client = try MosquittoClient(options) { StandardError.print("incant: \($0)") }
        } catch {
            throw CommandFailure(message: "mqtt: \(error.description)", status: ExitStatus.configuration)
        }
        announcer = DecisionAnnouncer(publisher: client, topics: topics)
    }

    /// Connects (in the background, retrying while the broker is away) and runs every query
    /// received on the query topic with `run`.
    func start(queries run: @escaping @Sendable (String) async -> QueryReport) {
        let queries = RemoteQueries(announcer: announcer, run: run) { event in
            switch event {
            case .ran(_, let report):
                StandardError.print("incant: MQTT query: \(report.summary)")
            case .unreadable(let error):
                StandardError.print("incant: MQTT query not run: \(error)")
            case .dropped(let query):
                StandardError.print("incant: MQTT query \"\(query.text)\" dropped: too many are waiting")
            }
        }
        self.queries.withLock { $0 = queries }
        queries.start()
        client.start()
        StandardError.print(
            "incant: MQTT: announcing on \(client.broker) as site \(announcer.topics.site); "
                + "queries on \(announcer.topics.query)")
    }

    /// Finishes the query running, publishes `offline` and disconnects.
    func stop() async {
        await queries.withLock { $0 }?.stop()
        await client.stop()
    }

    /// This machine's host name.
    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "incant" }
        return String(cString: buffer)
    }
}

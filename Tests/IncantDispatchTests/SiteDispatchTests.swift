import Foundation
import GRDB
import IncantDispatch
import IncantPhrases
import Testing

/// Where a query came from: handlers learn it, the history records it, and shortcuts or
/// phrases limited to other sites are refused without running.
@Suite("Sites")
final class SiteDispatchTests {
    let directory: ScratchDirectory

    init() throws {
        directory = try ScratchDirectory()
        // A real handler: what it got in its environment and on stdin.
        try directory.script(
            "where.sh",
            #"printf '%s' "${INCANT_SITE-unset}" > site.txt; cat > request.json"#)
    }

    deinit {
        directory.remove()
    }

    private func oven(sites: [String]? = ["kitchen", "dining-room"]) -> ShortcutDefinition {
        ShortcutDefinition(
            id: "oven", title: "Preheat the oven",
            phrases: [
                try! PhraseTemplate("preheat the oven"),
                try! PhraseTemplate("heat it up", sites: SiteRestriction(["kitchen"])),
            ],
            handle: .run(arguments: ["./where.sh"], timeout: .seconds(30), workingDirectory: directory.path),
            responses: ["success": ResponseDeclaration(code: "success", dialog: "Heating.")],
            sites: sites.map(SiteRestriction.init))
    }

    /// The JSON request the handler read on stdin.
    private func request() throws -> [String: Any] {
        let data = try #require(directory.contents(of: "request.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func text(_ name: String) -> String? {
        directory.contents(of: name).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a query from an allowed site runs, the handler gets INCANT_SITE and \"site\", the history records it")
    func allowedSite() async throws {
        let history = try HistoryStore()
        let outcome = await Dispatcher(history: history).dispatch(
            oven(), query: "preheat the oven", options: DispatchOptions(site: "dining-room"))
        #expect(outcome.status == .completed, "\(outcome.reason ?? "")")
        #expect(outcome.code == .success)
        #expect(outcome.site == "dining-room")
        #expect(text("site.txt") == "dining-room")
        let request = try request()
        #expect(request["site"] as? String == "dining-room")
        #expect(request["shortcut"] as? String == "oven")
        #expect(try await history.recent(limit: 1).first?.site == "dining-room")
        #expect(try outcome.jsonString(prettyPrinted: false).contains(#""site":"dining-room""#))
    }

    @Test("a query from another site, or from none, is refused with the reason and never runs")
    func otherSiteIsRefused() async throws {
        let history = try HistoryStore()
        let dispatcher = Dispatcher(history: history)
        let refused = await dispatcher.dispatch(
            oven(), query: "preheat the oven", options: DispatchOptions(site: "bedroom"))
        #expect(refused.status == .notAtSite)
        #expect(refused.code == .failure)
        #expect(refused.confirm == nil && refused.handle == nil)
        #expect(
            refused.reason
                == "shortcut 'oven' is limited to sites kitchen, dining-room; this query came from bedroom")
        #expect(refused.dialog == "Sorry, Preheat the oven is not available here.")
        #expect(!directory.exists("site.txt"))

        let nowhere = await dispatcher.dispatch(oven(), query: "preheat the oven")
        #expect(nowhere.status == .notAtSite)
        #expect(nowhere.reason?.contains("came from no site") == true)
        #expect(!directory.exists("site.txt"))

        let entries = try await history.recent(limit: 10)
        #expect(entries.map(\.status) == [.notAtSite, .notAtSite])
        #expect(entries.map(\.site) == [nil, "bedroom"])
    }

    @Test("a shortcut for every site runs without a site, and INCANT_SITE is then unset")
    func noRestrictionNoSite() async throws {
        let outcome = await Dispatcher().dispatch(oven(sites: nil), query: "preheat the oven")
        #expect(outcome.status == .completed, "\(outcome.reason ?? "")")
        #expect(text("site.txt") == "unset")
        let request = try request()
        #expect(request["site"] == nil)
    }

    @Test("a phrase limited to a site: said from another site it is refused, the shortcut's other phrase runs")
    func phraseLimit() async throws {
        let runner = ShortcutRunner(
            matcher: PhraseMatcher(catalog: PhraseCatalog(shortcuts: [oven()])), dispatcher: Dispatcher())
        let refused = await runner.run("heat it up", options: DispatchOptions(site: "dining-room"))
        #expect(refused.outcome?.status == .notAtSite)
        #expect(
            refused.outcome?.reason?.hasPrefix("the phrase said for shortcut 'oven' is limited to site kitchen") == true
        )
        #expect(refused.exitStatus == 1)
        #expect(!directory.exists("site.txt"))
        let other = await runner.run("preheat the oven", options: DispatchOptions(site: "dining-room"))
        #expect(other.outcome?.status == .completed)
        #expect(text("site.txt") == "dining-room")
        let kitchen = await runner.run("heat it up", options: DispatchOptions(site: "kitchen"))
        #expect(kitchen.outcome?.status == .completed)
        #expect(text("site.txt") == "kitchen")
    }

    @Test("a history written before sites existed is migrated: old rows read as no site, new ones keep theirs")
    func migratesAnOlderHistory() async throws {
        let path = directory.path + "/history.sqlite"
        // The history as the first version wrote it, with one dispatch.
        let old = try DatabaseQueue(path: path)
        try await old.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1: dispatch');
                    CREATE TABLE dispatch (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, date DATETIME NOT NULL, query TEXT NOT NULL,
                        shortcut TEXT NOT NULL, parameters TEXT NOT NULL, confirmCode TEXT, handleCode TEXT,
                        code TEXT NOT NULL, status TEXT NOT NULL, confirmMs INTEGER, handleMs INTEGER,
                        totalMs INTEGER NOT NULL, reason TEXT);
                    INSERT INTO dispatch (date, query, shortcut, parameters, code, status, totalMs)
                    VALUES ('2025-01-01 12:00:00.000', 'lights on', 'lights', '{}', 'success', 'completed', 5);
                    """)
        }
        try old.close()
        let store = try HistoryStore(path: path)
        let before = try #require(try await store.recent(limit: 1).first)
        #expect(before.shortcut == "lights")
        #expect(before.site == nil)
        _ = await Dispatcher(history: store).dispatch(
            oven(), query: "preheat the oven", options: DispatchOptions(site: "kitchen"))
        let entries = try await HistoryStore(path: path).recent(limit: 10)
        #expect(entries.map(\.shortcut) == ["oven", "lights"])
        #expect(entries.map(\.site) == ["kitchen", nil])
    }
}

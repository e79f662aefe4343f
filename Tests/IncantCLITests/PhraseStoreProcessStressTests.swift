import Foundation
import IncantTestSupport
import Synchronization
import Testing

/// `incant phrases add|edit|remove` processes run side by side while `incant phrases list`
/// processes read the same store: every listing must succeed, parse, and hold everything the
/// writers had been told was done before it began; at the end nothing is lost.
@Suite("incant phrases under concurrent processes", .tags(.soak), .skippedWhenFast)
struct PhraseStoreProcessStressTests {
    static let writers = [("alpha", "set-timer"), ("bravo", "all-lights-off"), ("charlie", "order-pizza")]
    static let operationsPerWriter = 8
    static let readers = 2

    @Test func writerAndReaderProcessesLoseNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let ledger = ProcessLedger(writers: Self.writers.count)
        await withTaskGroup(of: Void.self) { group in
            for (name, shortcut) in Self.writers {
                group.addTask {
                    await ProcessWriter(cli: cli, ledger: ledger, name: name, shortcut: shortcut)
                        .run(operations: Self.operationsPerWriter)
                    ledger.writerFinished()
                }
            }
            for reader in 0..<Self.readers {
                group.addTask { await Self.read(cli: cli, ledger: ledger, name: "reader \(reader)") }
            }
        }
        let summary = ledger.state.withLock { $0 }
        #expect(summary.problems.isEmpty, "\(summary.problems.prefix(10).joined(separator: "\n"))")
        #expect(summary.reads.count == Self.readers && summary.reads.allSatisfy { $0 > 0 }, "\(summary.reads)")
        #expect(summary.edits > 0 && summary.removals > 0)

        let final = try await cli.run(["phrases", "list", "--json", "--shortcuts", CLIRunner.demo])
        #expect(final.status == 0, "\(final.stderr)")
        let stored = try ProcessLedger.phrases(final.stdout)
        #expect(stored == summary.confirmed.mapValues(\.phrase))
        #expect(stored.count == summary.adds - summary.removals)
    }

    /// Lists the store until the writers are done (at least once), checking every listing.
    static func read(cli: CLIRunner, ledger: ProcessLedger, name: String) async {
        var count = 0
        repeat {
            let before = ledger.state.withLock { $0.confirmed }
            count += 1
            do {
                let result = try await cli.run(["phrases", "list", "--json", "--shortcuts", CLIRunner.demo])
                guard result.status == 0 else {
                    ledger.report("\(name): list failed (\(result.status)): \(result.stderr)")
                    continue
                }
                ledger.check(try ProcessLedger.phrases(result.stdout), before: before, reader: name)
            } catch {
                ledger.report("\(name): \(error)")
            }
        } while ledger.state.withLock { $0.writersLeft > 0 }
        ledger.state.withLock { $0.reads.append(count) }
    }
}

/// What the writer processes asked for and were told was done, shared with the readers.
final class ProcessLedger: Sendable {
    struct Confirmed: Sendable {
        /// "shortcut: words".
        var phrase: String
        /// Never edited nor removed after it was added.
        var permanent: Bool
    }

    struct State: Sendable {
        var confirmed: [String: Confirmed] = [:]
        var intended: Set<String> = []
        var removing: Set<String> = []
        var writersLeft: Int
        var problems: [String] = []
        var reads: [Int] = []
        var adds = 0
        var edits = 0
        var removals = 0
    }

    let state: Mutex<State>

    init(writers: Int) {
        state = Mutex(State(writersLeft: writers))
    }

    func report(_ problem: String) {
        state.withLock { $0.problems.append(problem) }
    }

    func writerFinished() {
        state.withLock { $0.writersLeft -= 1 }
    }

    /// `incant phrases list --json` output as id → "shortcut: words".
    static func phrases(_ json: String) throws -> [String: String] {
        guard let list = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else {
            throw CocoaError(.propertyListReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: json])
        }
        var phrases: [String: String] = [:]
        for item in list {
            let id = item["id"] as? String ?? "?"
            let text = "\(item["shortcut"] as? String ?? "?"): \(item["phrase"] as? String ?? "?")"
            if phrases.updateValue(text, forKey: id) != nil {
                throw CocoaError(.propertyListReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "id \(id) twice"])
            }
        }
        return phrases
    }

    /// The draft number ending a volatile phrase ("NAME note N draft D"); 0 for the others.
    static func draft(_ phrase: String) -> Int {
        phrase.hasSuffix(" keep") ? 0 : Int(phrase.split(separator: " ").last ?? "") ?? -1
    }

    func check(_ read: [String: String], before: [String: Confirmed], reader: String) {
        let (intended, removing) = state.withLock { ($0.intended, $0.removing) }
        var problems: [String] = []
        for phrase in read.values where !intended.contains(phrase) {
            problems.append("\(reader): listed a phrase no writer wrote: \(phrase)")
        }
        for (id, expected) in before {
            guard let phrase = read[id] else {
                if expected.permanent || !removing.contains(id) {
                    problems.append("\(reader): lost \(id) \(expected.phrase)")
                }
                continue
            }
            if expected.permanent ? phrase != expected.phrase : Self.draft(phrase) < Self.draft(expected.phrase) {
                problems.append("\(reader): \(id) is \(phrase), older than the confirmed \(expected.phrase)")
            }
        }
        state.withLock { $0.problems += problems }
    }
}

/// One writer: a run of `incant phrases add|edit|remove` processes for its shortcut.
struct ProcessWriter {
    let cli: CLIRunner
    let ledger: ProcessLedger
    let name: String
    let shortcut: String

    func incant(_ arguments: [String]) async throws -> CLIRunner.Result {
        let result = try await cli.run(arguments + ["--shortcuts", CLIRunner.demo])
        guard result.status == 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSDebugDescriptionErrorKey: "\(arguments) exited \(result.status): \(result.stderr)"])
        }
        return result
    }

    func settings(draft: Int) -> [String] {
        switch shortcut {
        case "set-timer": return ["--set", "minutes=\(draft + 1)"]
        case "order-pizza": return ["--set", "count=\(draft % 9 + 1)"]
        default: return []
        }
    }

    func run(operations: Int) async {
        var live: [(id: String, number: Int, draft: Int)] = []
        for number in 0..<operations {
            do {
                let permanent = number.isMultiple(of: 2)
                let phrase = permanent ? "\(name) \(number) keep" : "\(name) note \(number) draft 0"
                ledger.state.withLock { _ = $0.intended.insert("\(shortcut): \(phrase)") }
                let added = try await incant(
                    ["phrases", "add", shortcut, phrase, "--json"] + settings(draft: 0)
                ).json()
                let id = try #require(added["id"] as? String)
                ledger.state.withLock {
                    $0.confirmed[id] = .init(phrase: "\(shortcut): \(phrase)", permanent: permanent)
                    $0.adds += 1
                }
                if !permanent { live.append((id, number, 0)) }
                if number % 3 == 2, let index = live.indices.last {
                    live[index].draft += 1
                    let edited = "\(name) note \(live[index].number) draft \(live[index].draft)"
                    ledger.state.withLock { _ = $0.intended.insert("\(shortcut): \(edited)") }
                    _ = try await incant(
                        ["phrases", "edit", live[index].id, "--to", edited] + settings(draft: live[index].draft))
                    ledger.state.withLock {
                        $0.confirmed[live[index].id] = .init(phrase: "\(shortcut): \(edited)", permanent: false)
                        $0.edits += 1
                    }
                }
                if number % 4 == 3, live.count > 1 {
                    let removed = live.removeFirst()
                    ledger.state.withLock { _ = $0.removing.insert(removed.id) }
                    _ = try await incant(["phrases", "remove", removed.id])
                    ledger.state.withLock {
                        $0.confirmed[removed.id] = nil
                        $0.removals += 1
                    }
                }
            } catch {
                ledger.report("\(name): operation \(number) failed: \(error)")
            }
        }
    }
}

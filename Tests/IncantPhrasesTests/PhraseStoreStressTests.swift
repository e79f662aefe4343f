import Foundation
import IncantTestSupport
import Testing

@testable import IncantPhrases

/// Writer threads add, edit and remove phrases while reader threads read the store, some under
/// the shared lock (`all()`) and some with no lock at all (straight from the files, which only
/// atomic replacement keeps whole). Every read must parse and hold everything the writers had
/// confirmed before it began; at the end the store holds exactly what the writers confirmed.
@Suite("Phrase store under concurrent writers and readers", .tags(.soak), .skippedWhenFast)
struct PhraseStoreStressTests {
    static let writerNames = ["alpha", "bravo", "charlie", "delta"]
    static let operationsPerWriter = 12
    static let lockedReaders = 2
    static let unlockedReaders = 1
    static let shortcutIDs = ["set-timer", "remind", "kitchen-fan-on"]

    @Test func writersAndReadersLoseNothing() async throws {
        let store = PhraseStore(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("incant-stress-\(UUID())").path)
        defer { try? FileManager.default.removeItem(atPath: store.directory) }
        let shortcuts = try Fixtures.shortcuts()
        let ledger = StressLedger(writers: Self.writerNames.count)

        // One phrase per shortcut up front, so no shortcut's file ever disappears under the
        // readers that list the folder without the lock.
        let seedEditor = PhraseEditor(store: store, shortcuts: shortcuts)
        for (index, shortcut) in Self.shortcutIDs.enumerated() {
            let writer = StressWriter(name: "seed", shortcut: shortcut, editor: seedEditor, ledger: ledger)
            try writer.add(number: index, permanent: true)
        }

        let readerCount = Self.lockedReaders + Self.unlockedReaders
        await Self.onThreads(Self.writerNames.count + readerCount) { index in
            if index < Self.writerNames.count {
                // Each writer has a store value and editor of its own: its own lock descriptor,
                // as a separate process would.
                let editor = PhraseEditor(store: PhraseStore(directory: store.directory), shortcuts: shortcuts)
                let writer = StressWriter(
                    name: Self.writerNames[index], shortcut: Self.shortcutIDs[index % Self.shortcutIDs.count],
                    editor: editor, ledger: ledger)
                writer.run(operations: Self.operationsPerWriter)
                ledger.writerFinished()
            } else {
                let locked = index - Self.writerNames.count < Self.lockedReaders
                let mine = PhraseStore(directory: store.directory)
                StressReader(ledger: ledger, name: "reader \(index) (\(locked ? "locked" : "unlocked"))") {
                    locked ? try mine.all() : try mine.readAll()
                }.run()
            }
        }

        let summary = ledger.summary()
        #expect(summary.problems.isEmpty, "\(summary.problems.prefix(10).joined(separator: "\n"))")
        #expect(summary.reads.count == readerCount)
        #expect(summary.reads.allSatisfy { $0 > 0 }, "reads per reader: \(summary.reads)")
        #expect(summary.edits > 0 && summary.removals > 0)

        // Nothing lost, nothing extra: the store is exactly what the writers were told they wrote.
        let stored = try store.all()
        #expect(Set(stored.map(\.id)).count == stored.count, "duplicate ids")
        let found = Dictionary(stored.map { ($0.id, StressContent($0)) }, uniquingKeysWith: { first, _ in first })
        #expect(found == summary.confirmed.mapValues(\.content))
        #expect(stored.count == summary.adds - summary.removals)
    }

    /// Runs `body(0)`, `body(1)` … each on a thread of its own (they block on `flock`, which must
    /// not happen on the Swift concurrency pool) and returns when all have finished.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for index in 0..<count {
                group.enter()
                Thread.detachNewThread {
                    body(index)
                    group.leave()
                }
            }
            group.notify(queue: .global()) { done.resume() }
        }
    }
}

/// The part of a phrase a writer chooses: shortcut, words and fixed values.
struct StressContent: Hashable, Sendable, CustomStringConvertible {
    var shortcut: String
    var phrase: String
    var parameters: [String: ParameterValue]

    init(_ phrase: UserPhrase) {
        shortcut = phrase.shortcut
        self.phrase = phrase.phrase
        parameters = phrase.parameters
    }

    /// Volatile phrases are "NAME note N draft D"; D only grows. Permanent ones have no draft.
    var draft: Int { phrase.hasSuffix(" keep") ? 0 : Int(phrase.split(separator: " ").last ?? "") ?? -1 }

    var description: String { "\(shortcut): \"\(phrase)\" \(parameters)" }
}

/// What the writers asked for and were told was done, shared with the readers.
final class StressLedger: Sendable {
    struct Confirmed: Sendable {
        var content: StressContent
        /// Never edited nor removed after it was added.
        var permanent: Bool
    }

    struct State: Sendable {
        var confirmed: [String: Confirmed] = [:]
        /// Every (shortcut, words) a writer asked for, noted before the write began.
        var intended: Set<String> = []
        /// Ids a writer began to remove.
        var removing: Set<String> = []
        var writersLeft: Int
        var problems: [String] = []
        var reads: [Int] = []
        var adds = 0
        var edits = 0
        var removals = 0
    }

    let state: LockedState<State>

    init(writers: Int) {
        state = LockedState(State(writersLeft: writers))
    }

    static func key(_ shortcut: String, _ phrase: String) -> String { shortcut + "\u{0}" + phrase }

    func intend(shortcut: String, phrase: String) {
        state.withLock { _ = $0.intended.insert(Self.key(shortcut, phrase)) }
    }

    func intendRemoval(_ id: String) {
        state.withLock { _ = $0.removing.insert(id) }
    }

    func confirm(_ phrase: UserPhrase, permanent: Bool, isEdit: Bool = false) {
        state.withLock {
            $0.confirmed[phrase.id] = Confirmed(content: StressContent(phrase), permanent: permanent)
            if isEdit { $0.edits += 1 } else { $0.adds += 1 }
        }
    }

    func confirmRemoval(_ id: String) {
        state.withLock {
            $0.confirmed[id] = nil
            $0.removals += 1
        }
    }

    func report(_ problem: String) {
        state.withLock { $0.problems.append(problem) }
    }

    func writerFinished() {
        state.withLock { $0.writersLeft -= 1 }
    }

    var writersRunning: Bool { state.withLock { $0.writersLeft > 0 } }

    func snapshot() -> [String: Confirmed] { state.withLock { $0.confirmed } }

    /// Checks one read against what had been confirmed before it began (`before`).
    func check(_ read: [UserPhrase], before: [String: Confirmed], reader: String) {
        let (intended, removing) = state.withLock { ($0.intended, $0.removing) }
        var problems: [String] = []
        var byID: [String: UserPhrase] = [:]
        for phrase in read {
            if byID.updateValue(phrase, forKey: phrase.id) != nil {
                problems.append("\(reader): id \(phrase.id) read twice")
            }
            if !intended.contains(Self.key(phrase.shortcut, phrase.phrase)) {
                problems.append("\(reader): read a phrase no writer wrote: \(StressContent(phrase))")
            }
        }
        for (id, expected) in before {
            guard let phrase = byID[id] else {
                if expected.permanent || !removing.contains(id) {
                    problems.append("\(reader): lost \(id) \(expected.content)")
                }
                continue
            }
            let content = StressContent(phrase)
            if expected.permanent ? content != expected.content : content.draft < expected.content.draft {
                problems.append("\(reader): \(id) is \(content), older than the confirmed \(expected.content)")
            }
        }
        state.withLock { $0.problems += problems }
    }

    func finishedReading(count: Int) {
        state.withLock { $0.reads.append(count) }
    }

    func summary() -> State { state.withLock { $0 } }
}

/// One writer: adds phrases for its shortcut, some never touched again ("NAME keep N"), others
/// ("NAME note N draft D") edited (new words and values) and removed later.
struct StressWriter {
    let name: String
    let shortcut: String
    let editor: PhraseEditor
    let ledger: StressLedger

    func settings(draft: Int) -> [String: String] {
        switch shortcut {
        case "set-timer": return ["minutes": "\(draft + 1)"]
        case "remind": return ["task": "water plants \(draft)"]
        default: return [:]
        }
    }

    @discardableResult
    func add(number: Int, permanent: Bool) throws -> String {
        let phrase = permanent ? "\(name) \(number) keep" : "\(name) note \(number) draft 0"
        ledger.intend(shortcut: shortcut, phrase: phrase)
        let change = try editor.add(shortcut: shortcut, phrase: phrase, settings: settings(draft: 0))
        ledger.confirm(change.phrase, permanent: permanent)
        return change.phrase.id
    }

    func run(operations: Int) {
        var live: [(id: String, number: Int, draft: Int)] = []
        for number in 0..<operations {
            do {
                let permanent = number.isMultiple(of: 2)
                let id = try add(number: number, permanent: permanent)
                if !permanent { live.append((id, number, 0)) }
                if number % 3 == 2, let index = live.indices.last {
                    live[index].draft += 1
                    let phrase = "\(name) note \(live[index].number) draft \(live[index].draft)"
                    ledger.intend(shortcut: shortcut, phrase: phrase)
                    let change = try editor.edit(
                        live[index].id, phrase: phrase, settings: settings(draft: live[index].draft))
                    ledger.confirm(change.phrase, permanent: false, isEdit: true)
                }
                if number % 4 == 3, live.count > 1 {
                    let removed = live.removeFirst()
                    ledger.intendRemoval(removed.id)
                    try editor.remove(removed.id)
                    ledger.confirmRemoval(removed.id)
                }
            } catch {
                ledger.report("\(name): operation \(number) failed: \(error)")
            }
        }
    }
}

/// One reader: reads until the writers are done (at least once), checking every read.
struct StressReader {
    let ledger: StressLedger
    let name: String
    let read: () throws -> [UserPhrase]

    func run() {
        var count = 0
        repeat {
            let before = ledger.snapshot()
            do {
                ledger.check(try read(), before: before, reader: name)
            } catch {
                ledger.report("\(name): read failed: \(error)")
            }
            count += 1
            // A breath between reads: flock(2) does not queue a writer ahead of new shared
            // lockers, so readers reading back to back would starve the writers.
            usleep(2000)
        } while ledger.writersRunning
        ledger.finishedReading(count: count)
    }
}

/// A value behind an `NSLock` (a pthread mutex). The ledger is hammered by seven threads at
/// once; under that contention `Synchronization.Mutex` on Linux hands the lock over inside the
/// kernel (a priority-inheritance futex), which ThreadSanitizer cannot see, so it reported the
/// ledger's locked accesses as races (see .tsan-suppressions). A pthread mutex it does see.
final class LockedState<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

import CPocketSphinx
import Foundation
import Synchronization

/// Keeps pocketsphinx quiet and remembers its recent warnings and errors.
///
/// sphinxbase logs through one process-wide hook. Incant points it here once: informational
/// chatter is dropped (it would otherwise flood stderr on every model load and utterance),
/// and warnings and errors are kept in a small ring so that a failing call can report
/// pocketsphinx's own explanation (for example which word is missing from the dictionary).
enum SphinxLog {
    /// One message pocketsphinx logged.
    struct Entry: Sendable {
        var sequence: Int
        var isError: Bool
        var text: String
    }

    private struct State {
        var entries: [Entry] = []
        var nextSequence = 0
    }

    private static let state = Mutex(State())
    private static let capacity = 64

    /// Installs the hook (once per process; later calls do nothing).
    static func install() {
        _ = installed
    }

    private static let installed: Bool = {
        incant_sphinx_set_log_sink { level, message in
            guard let message else { return }
            SphinxLog.record(level: level, text: String(cString: message))
        }
        return true
    }()

    /// The sequence number the next message will get; pass it to ``messages(since:)``.
    static var mark: Int {
        state.withLock { $0.nextSequence }
    }

    /// Warnings and errors logged since `mark`, oldest first, trimmed to single lines.
    static func messages(since mark: Int) -> [String] {
        state.withLock { state in
            state.entries.filter { $0.sequence >= mark }.map(\.text)
        }
    }

    private static func record(level: Int32, text: String) {
        let cleaned = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !cleaned.isEmpty else { return }
        state.withLock { state in
            state.entries.append(
                Entry(sequence: state.nextSequence, isError: level >= Int32(ERR_ERROR.rawValue), text: cleaned))
            state.nextSequence += 1
            if state.entries.count > capacity {
                state.entries.removeFirst(state.entries.count - capacity)
            }
        }
    }
}

import Foundation
import IncantPhrases
import Synchronization

/// The configuration file as last read: read at start-up, and again on SIGHUP. A file with
/// errors is reported and the previous configuration kept.
final class ReloadableConfiguration: Sendable {
    private let current: Mutex<IncantConfiguration>

    init(_ initial: IncantConfiguration = Settings.configuration) {
        current = Mutex(initial)
    }

    var value: IncantConfiguration { current.withLock { $0 } }

    /// Reads the file again. Returns false (having printed each problem, with file and line)
    /// when it has errors; the previous configuration then stays.
    func reread(from file: String = Settings.paths.configFile) -> Bool {
        let fresh: IncantConfiguration
        do {
            fresh = try IncantConfiguration(contentsOf: file, paths: Settings.paths)
        } catch {
            for diagnostic in error.diagnostics { StandardError.print(diagnostic.description) }
            StandardError.print("incant: invalid configuration file \(file); keeping the previous configuration")
            return false
        }
        let old = current.withLock { old in
            defer { old = fresh }
            return old
        }
        let restart = Self.keysNeedingRestart(from: old, to: fresh)
        StandardError.print(
            "incant: reloaded \(file); shortcuts and phrases are reloaded before the next utterance"
                + (restart.isEmpty ? "" : "; restart to apply \(restart.joined(separator: ", "))"))
        return true
    }

    /// The keys that changed and that a running listener does not pick up.
    static func keysNeedingRestart(from old: IncantConfiguration, to new: IncantConfiguration) -> [String] {
        var keys: [String] = []
        if old.device != new.device { keys.append("device") }
        if old.model != new.model { keys.append("model") }
        if old.speak != new.speak { keys.append("speak") }
        if old.threshold != new.threshold { keys.append("threshold") }
        if old.rejectionThreshold != new.rejectionThreshold { keys.append("rejection-threshold") }
        if old.trailingSilence != new.trailingSilence { keys.append("trailing-silence") }
        if old.phrasePause != new.phrasePause { keys.append("phrase-pause") }
        if old.answerTimeout != new.answerTimeout { keys.append("answer-timeout") }
        if old.mqtt != new.mqtt { keys.append("mqtt") }
        return keys
    }
}

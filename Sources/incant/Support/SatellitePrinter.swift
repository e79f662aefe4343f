import IncantListening
import IncantPhrases
import IncantServer

/// Prints what happens with a satellite on standard error, one line each.
enum SatellitePrinter {
    static func print(_ event: SatelliteEvent, satellite: SatelliteSettings) {
        let prefix = "incant: satellite \(satellite.name)"
        switch event {
        case .connected:
            StandardError.print("\(prefix): connected to \(satellite.address)")
        case .unreachable(let problem, let retry):
            StandardError.print(
                "\(prefix): cannot connect to \(satellite.address) (\(problem)); trying again in \(retry)")
        case .disconnected(let problem, let retry):
            StandardError.print(
                "\(prefix): disconnected" + (problem.map { " (\($0))" } ?? "") + "; connecting again in \(retry)")
        case .pipeline(let pipeline):
            StandardError.print("\(prefix): pipeline from \(pipeline.startStage) to \(pipeline.endStage)")
        case .listenerFailed(let problem):
            StandardError.print("\(prefix): listening failed: \(problem)")
        case .textToSpeechFailed(let address, let problem):
            StandardError.print(
                "\(prefix): cannot speak with " + (address.map { "the text-to-speech service at \($0)" } ?? "espeak-ng")
                    + ": \(problem)")
        case .listener(let event):
            switch event {
            case .turn(let turn):
                StandardError.print("\(prefix) [\(satellite.site)]: \(turn.report.summary)")
            case .wakeWordHeard:
                StandardError.print("\(prefix): wake word heard")
            case .uncertain(let choice, _):
                StandardError.print("\(prefix): uncertain: \(choice)")
            case .unconfirmed(let candidate, _, _):
                StandardError.print("\(prefix): unclear: \"\(candidate.transcript)\"")
            case .questionAsked(let question, _):
                StandardError.print("\(prefix): asks \"\(question)\"")
            case .problem(let problem):
                StandardError.print("\(prefix): \(problem)")
            case .started, .answered, .ignored, .reloaded, .reloadFailed, .adapted:
                break
            }
        }
    }
}

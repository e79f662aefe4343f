import Foundation
import IncantListening
import IncantProcess

/// Says dialogs and questions aloud with espeak-ng (`--speak`), run directly with the text as
/// one argument (never through a shell), waiting until it has finished speaking.
///
/// The executable is `$INCANT_SPEAK_COMMAND` when set (a program taking the text as its last
/// argument, e.g. a wrapper around another synthesizer), else `espeak-ng -v en-us`. When it
/// cannot be run, one warning is printed and later calls are silent.
final class Speaker: DialogSpeaker {
    private let command: [String]
    private let failure = FailureNotice()

    /// - Parameter custom: the speaking program (`IncantPaths/speakCommand`), or `nil` for espeak-ng.
    init(command custom: String?) {
        if let custom {
            command = [custom]
        } else {
            // `--` ends options: text starting with "-" is still just text.
            command = ["espeak-ng", "-v", "en-us", "--"]
        }
    }

    /// Speaks `text` and returns when done (at once when speaking failed before).
    func say(_ text: String) async {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !failure.hasFailed else { return }
        let status = await QuietProcess.run(command + [trimmed])
        if status != 0 { failure.note(doing: "speak", program: command[0], status: status, instead: "printing only") }
    }
}

import Foundation
import IncantTestSupport
import Testing

/// Every `incant …` command in README.md's `sh` code blocks, run as written, in order, on a
/// fresh machine: a temporary HOME and XDG folders, in a folder where `phrases/` is the
/// repository's and the recordings the README names (`command.wav`, `take1.wav` …) are spoken
/// by espeak-ng. The block with `incant init` runs on the example set it creates; after it,
/// config.yaml points at the demo set (phrases/demo), as the README tells readers to do.
///
/// Skipped, and listed when the test runs: commands that need a microphone (`listen` without
/// `--file` or `--stdin`, `phrases record` without `--file`) and `incant adapt` (it needs ten
/// takes recorded with that microphone).
@Suite("README commands", .tags(.slow), .skippedWhenFast)
struct ReadmeCommandsTests {
    /// One command of the README.
    struct Command: CustomStringConvertible {
        var line: String
        var arguments: [String]
        /// Which code block of the README it is in, counting from 0.
        var block: Int
        var description: String { line }

        /// Why it cannot run here, or `nil`.
        var skipReason: String? {
            let has = { (option: String) in arguments.contains(option) }
            if arguments.first == "listen", !has("--file"), !has("--stdin") { return "needs a microphone" }
            if arguments.starts(with: ["phrases", "record"]), !has("--file") { return "needs a microphone" }
            if arguments.first == "adapt", !has("--remove") { return "needs ten takes recorded with a microphone" }
            if arguments.first == "serve" { return "serves until stopped (ServeTests drive it with a Wyoming client)" }
            return nil
        }

        /// Whether it decodes audio: recognition may hear something else than espeak-ng said,
        /// so any exit status below the usage errors (64) counts as working.
        var decodesAudio: Bool {
            ["listen", "recognize"].contains(arguments.first ?? "") || arguments.starts(with: ["phrases", "record"])
                || arguments.starts(with: ["phrases", "test"])
        }
    }

    /// The `incant` command lines of the `sh` code blocks of `markdown`, comments removed.
    static func commands(in markdown: String) -> [Command] {
        var commands: [Command] = []
        var inShellBlock = false
        var block = -1
        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                inShellBlock = !inShellBlock && line == "```sh"
                if inShellBlock { block += 1 }
                continue
            }
            guard inShellBlock, line.hasPrefix("incant ") else { continue }
            let words = shellWords(line)
            commands.append(Command(line: line, arguments: Array(words.dropFirst()), block: block))
        }
        return commands
    }

    /// `line` split as a shell would: quotes group, a `#` starting a word begins a comment.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var current: String?
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current!.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                current = current ?? ""
            } else if character == " " || character == "\t" {
                if let word = current { words.append(word) }
                current = nil
            } else if character == "#", current == nil {
                break
            } else {
                current = (current ?? "") + String(character)
            }
        }
        if let word = current { words.append(word) }
        return words
    }

    @Test("the command parser reads quotes and comments as a shell does")
    func parsing() {
        #expect(
            Self.shellWords(#"incant phrases add x "order my usual" --set kind="four cheese"  # note"#)
                == ["incant", "phrases", "add", "x", "order my usual", "--set", "kind=four cheese"])
        let text = "text\n```sh\nincant a 'b c'\nmake demo\n```\n```\nincant not-shell\n```\n```sh\nincant d\n```\n"
        #expect(Self.commands(in: text).map(\.arguments) == [["a", "b c"], ["d"]])
        #expect(Self.commands(in: text).map(\.block) == [0, 1])
    }

    @Test("every incant command of README.md works as written against the demo set")
    func readmeCommands() async throws {
        let readme = try String(
            contentsOf: CLIRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let commands = Self.commands(in: readme)
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        let folder = cli.home.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("phrases"),
            withDestinationURL: CLIRunner.repository.appendingPathComponent("phrases"))
        cli.workingDirectory = folder

        let initBlock = try #require(commands.first { $0.arguments == ["init"] }).block
        var usesDemo = false

        // The recordings the README names.
        let recordings = Set(commands.flatMap(\.arguments).filter { $0.hasSuffix(".wav") })
        for name in recordings {
            let said = name.contains("kitchen") ? "kitchen on" : "set a timer for five minutes"
            let path = try await Speech.recording([said], in: cli.home)
            try FileManager.default.moveItem(atPath: path, toPath: folder.appendingPathComponent(name).path)
        }

        var ran = 0
        var skipped: [String] = []
        for command in commands {
            if command.block > initBlock, !usesDemo {
                try "shortcuts: \(CLIRunner.demo)\n".write(
                    to: cli.home.appendingPathComponent("config/incant/config.yaml"), atomically: true,
                    encoding: .utf8)
                usesDemo = true
            }
            if let reason = command.skipReason {
                skipped.append("\(command.line)  (\(reason))")
                continue
            }
            let result = try await cli.run(command.arguments)
            ran += 1
            let works = command.decodesAudio ? result.status < 64 : result.status == 0
            #expect(works, "`\(command.line)` exited \(result.status): \(result.stderr)\(result.stdout)")
        }
        #expect(ran >= 20, "ran \(ran) README commands")
        #expect(skipped.count <= 8, "skipped: \(skipped)")
        print("README commands: \(ran) run, \(skipped.count) skipped:\n  " + skipped.joined(separator: "\n  "))
    }
}

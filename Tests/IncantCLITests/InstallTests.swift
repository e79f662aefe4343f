import Foundation
import IncantTestSupport
import Testing

/// `make install` and `make uninstall`: the Makefile's own rules, staged under a DESTDIR. They
/// install the debug build the tests run (`make -o release` skips rebuilding it in release;
/// see the Makefile), and generate the man page with swift-argument-parser's plugin as a user's
/// `make install` does.
@Suite("make install / uninstall", .tags(.slow), .skippedWhenFast)
struct InstallTests {
    /// `make` in the repository with `arguments`, its output kept; the real `HOME`, since the
    /// man page is made by `swift package`.
    static func make(_ cli: CLIRunner, _ arguments: [String]) async throws -> (status: Int32?, output: String) {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? cli.home.path
        let run = try BackgroundIncant(
            cli, arguments, command: ["/usr/bin/env", "make", "-C", CLIRunner.repository.path],
            extraEnvironment: ["HOME": home], standalone: true)
        defer { run.stop() }
        let status = await run.waitForExit(within: .seconds(3_600))
        return (status, run.stdout + run.stderr)
    }

    /// The Makefile's `INSTALLED_FILES`, as make itself expands them.
    static func installedFiles(_ cli: CLIRunner) async throws -> [String] {
        let printer = cli.home.appendingPathComponent("print.mk").path
        try "print-installed-files:\n\t@echo $(INSTALLED_FILES)\n".write(
            toFile: printer, atomically: true, encoding: .utf8)
        let printed = try await make(cli, ["-s", "-f", "Makefile", "-f", printer, "print-installed-files"])
        #expect(printed.status == 0, "\(printed.output)")
        return printed.output.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test func installPutsEveryFileInPlaceAndUninstallRemovesThem() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let files = try await Self.installedFiles(cli)
        #expect(files.contains("bin/incant") && files.contains("share/man/man1/incant.1"), "\(files)")
        #expect(files.count == 10, "\(files)")
        let stage = cli.home.appendingPathComponent("stage").path
        let root = stage + "/usr"
        let location = ["DESTDIR=\(stage)", "PREFIX=/usr"]
        let installed = try await Self.make(
            cli,
            [
                "-o", "release", "install", "CONFIGURATION=debug", "BUILT=\(CLIRunner.executable.path)",
                "SWIFT_PACKAGE_FLAGS=--ignore-lock",
            ] + location)
        #expect(installed.status == 0, "\(installed.output)")
        for file in files {
            let size = (try? FileManager.default.attributesOfItem(atPath: root + "/" + file))?[.size] as? Int
            #expect((size ?? 0) > 0, "\(file) is missing or empty: \(installed.output)")
        }

        // The binary is the one built, and runs.
        #expect(FileManager.default.isExecutableFile(atPath: root + "/bin/incant"))
        let installedVersion = try await TestSpeech.output(root + "/bin/incant", ["--version"])
        let builtVersion = try await TestSpeech.output(CLIRunner.executable.path, ["--version"])
        #expect(!installedVersion.isEmpty && installedVersion == builtVersion)
        let manual = try String(contentsOfFile: root + "/share/man/man1/incant.1", encoding: .utf8)
        #expect(manual.contains(".Nm incant") || manual.contains(".TH INCANT"), "\(manual.prefix(400))")
        #expect(manual.contains("listen") && manual.contains("simulate"))
        for completion in [
            "share/bash-completion/completions/incant", "share/zsh/site-functions/_incant",
            "share/fish/vendor_completions.d/incant.fish",
        ] {
            let text = try String(contentsOfFile: root + "/" + completion, encoding: .utf8)
            #expect(text.contains("incant") && text.contains("listen"), "\(completion)")
        }
        for model in ["manifest.yaml", "dictionary.dict", "narrow-band.mllr", "band-limited.mllr", "common-words.txt"] {
            let shipped = CLIRunner.repository.appendingPathComponent("models/" + model)
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: root + "/share/incant/models/" + model))
                    == Data(contentsOf: shipped))
        }

        let removed = try await Self.make(cli, ["uninstall"] + location)
        #expect(removed.status == 0, "\(removed.output)")
        for file in files {
            #expect(!FileManager.default.fileExists(atPath: root + "/" + file), "\(file) was left")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/share/incant"))
    }
}

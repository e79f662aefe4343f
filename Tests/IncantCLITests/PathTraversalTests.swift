import Foundation
import IncantTestSupport
import Testing

/// Nothing a phrase, a phrase file or a definition file says can make Incant read or write
/// outside its own folders, or run a program other than the one declared.
@Suite("Paths stay where they belong")
struct PathTraversalTests {
    /// Every file under `folder`, relative to it.
    static func files(under folder: URL) -> Set<String> {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var names: Set<String> = []
        while let name = enumerator?.nextObject() as? String { names.insert(name) }
        return names
    }

    @Test(arguments: ["../../escaped", "/tmp/incant-escaped", "..", "a/../../escaped"])
    func shortcutIdsThatArePathsAreRefused(id: String) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let before = Self.files(under: cli.home)
        let add = try await cli.run(["phrases", "add", id, "hello there", "--shortcuts", CLIRunner.demo])
        #expect(add.status == 65, "\(add.stderr)")
        #expect(add.stderr.contains("unknown shortcut '\(id)'"), "\(add.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/incant-escaped.yaml"))
        #expect(Self.files(under: cli.home).subtracting(before).allSatisfy { !$0.hasSuffix(".yaml") })

        let added = try await cli.run(["phrases", "add", "order-pizza", "feed me now", "--shortcuts", CLIRunner.demo])
        #expect(added.status == 0, "\(added.stderr)")
        let moved = try await cli.run(
            ["phrases", "edit", "feed me now", "--shortcut", id, "--shortcuts", CLIRunner.demo])
        #expect(moved.status == 65, "\(moved.stderr)")
        #expect(moved.stderr.contains("unknown shortcut '\(id)'"), "\(moved.stderr)")
        let store = cli.home.appendingPathComponent("data/incant/phrases")
        #expect(Self.files(under: store).filter { $0.hasSuffix(".yaml") } == ["order-pizza.yaml"])
    }

    @Test(arguments: ["../../escaped", "/etc/escaped", "takes/../../x", ".hidden"])
    func definitionIdsThatArePathsAreErrors(id: String) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let definitions = cli.home.appendingPathComponent("evil.yaml")
        try """
        shortcuts:
          - id: "\(id)"
            phrases: ["hello there"]
        """.write(to: definitions, atomically: true, encoding: .utf8)
        let check = try await cli.run(["shortcuts", "check", "--shortcuts", definitions.path])
        #expect(check.status == 65)
        #expect(check.stdout.contains("evil.yaml:2:"), "\(check.stdout)")
        #expect(check.stdout.contains("invalid shortcut id '\(id)'"), "\(check.stdout)")
    }

    @Test(arguments: ["../../secret.wav", "/etc/secret.wav", "takes/../../secret.wav", "takes/sub/x.wav"])
    func takeNamesOutsideTheTakesFolderAreRefused(take: String) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let store = cli.home.appendingPathComponent("data/incant/phrases")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let file = store.appendingPathComponent("order-pizza.yaml")
        try """
        phrases:
        - id: abcdefgh
          shortcut: order-pizza
          phrase: feed me now
          takes:
          - '\(take)'
        """.write(to: file, atomically: true, encoding: .utf8)
        for arguments in [["phrases", "list"], ["phrases", "test", "--shortcuts", CLIRunner.demo]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(file.path):2:"), "\(result.stderr)")
            #expect(result.stderr.contains("take '\(take)' is not a file in the store's takes/ folder"))
        }
    }

    @Test func aTakeLinkedOutOfTheStoreIsNotRead() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["feed me now"], in: cli.home)
        let store = cli.home.appendingPathComponent("data/incant/phrases")
        let takes = store.appendingPathComponent("takes")
        try FileManager.default.createDirectory(at: takes, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: takes.appendingPathComponent("abcdefgh-1.wav").path, withDestinationPath: audio)
        try """
        phrases:
        - id: abcdefgh
          shortcut: order-pizza
          phrase: feed me now
          takes:
          - takes/abcdefgh-1.wav
        """.write(to: store.appendingPathComponent("order-pizza.yaml"), atomically: true, encoding: .utf8)
        let result = try await cli.run(["phrases", "test", "--shortcuts", CLIRunner.demo])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("FAIL takes/abcdefgh-1.wav"), "\(result.stdout)")
        #expect(result.stdout.contains("leads out of \(store.path)"), "\(result.stdout)")
    }

    @Test func aPhraseFileLinkedElsewhereIsReplacedNotWrittenThrough() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let store = cli.home.appendingPathComponent("data/incant/phrases")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let outside = cli.home.appendingPathComponent("dotfiles-order-pizza.yaml")
        let original = """
            phrases:
            - id: abcdefgh
              shortcut: order-pizza
              phrase: feed me now

            """
        try original.write(to: outside, atomically: true, encoding: .utf8)
        let link = store.appendingPathComponent("order-pizza.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.path)

        let added = try await cli.run([
            "phrases", "add", "order-pizza", "the usual please", "--shortcuts", CLIRunner.demo,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == original)
        let type = try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular)
        let list = try await cli.run(["phrases", "list"])
        #expect(list.stdout.contains("feed me now") && list.stdout.contains("the usual please"), "\(list.stdout)")
    }

    /// A folder holding a program that leaves a marker when run, to be the current directory.
    static func rogueFolder(_ cli: CLIRunner, program: String, marker: String) throws -> URL {
        let folder = cli.home.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(program).path
        try "#!/bin/sh\ntouch '\(marker)'\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return folder
    }

    @Test func aBareProgramNameIsNeverTakenFromTheCurrentDirectory() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let marker = cli.home.appendingPathComponent("ran").path
        let cwd = try Self.rogueFolder(cli, program: "incant-rogue-tool", marker: marker)
        let definitions = cli.home.appendingPathComponent("defs")
        try FileManager.default.createDirectory(at: definitions, withIntermediateDirectories: true)
        try """
        shortcuts:
          - id: tool
            phrases: ["use the tool"]
            handle: { run: ["incant-rogue-tool"] }
        """.write(to: definitions.appendingPathComponent("tool.yaml"), atomically: true, encoding: .utf8)
        // Relative and empty PATH entries mean the current directory to a shell; not to Incant.
        let path = ".::cwd:" + (cli.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try BackgroundIncant(
            cli, ["simulate", "use the tool", "--shortcuts", definitions.path, "--json"],
            command: ["/usr/bin/env", "-C", cwd.path], extraEnvironment: ["PATH": path])
        defer { run.stop() }
        #expect(await run.waitForExit() == 1, "\(run.stderr)")
        #expect(run.stdout.contains("handler program 'incant-rogue-tool' not found in PATH"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func aRelativeProgramResolvesAgainstTheDefinitionsFolderOnly() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let marker = cli.home.appendingPathComponent("ran").path
        let cwd = try Self.rogueFolder(cli, program: "tool", marker: marker)
        let definitions = cli.home.appendingPathComponent("defs")
        try FileManager.default.createDirectory(at: definitions, withIntermediateDirectories: true)
        try """
        shortcuts:
          - id: tool
            phrases: ["use the tool"]
            handle: { run: ["./tool"] }
        """.write(to: definitions.appendingPathComponent("tool.yaml"), atomically: true, encoding: .utf8)
        let run = try BackgroundIncant(
            cli, ["simulate", "use the tool", "--shortcuts", definitions.path, "--json"],
            command: ["/usr/bin/env", "-C", cwd.path])
        defer { run.stop() }
        #expect(await run.waitForExit() == 1, "\(run.stderr)")
        #expect(run.stdout.contains("handler program '\(definitions.path)/tool' does not exist"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `incant phrases add` when the store cannot be written: a full disk (simulated with a tiny
/// RLIMIT_FSIZE, which works for root too) and a read-only store (for root, the child runs as
/// `nobody` through `setpriv`; otherwise the folder is made read-only). Each time the error is
/// clear, names the store, and the old phrases are byte-identical.
@Suite("Phrase store write faults")
struct StoreFaultTests {
    static let prlimit = "/usr/bin/prlimit"
    static let setpriv = "/usr/bin/setpriv"

    /// Root ignores file modes, so a read-only store needs another user.
    static let isRoot = geteuid() == 0

    /// Whether `setpriv` can run a program as `nobody` here (it needs the privilege to switch).
    static let canDropToNobody: Bool = {
        guard isRoot, FileManager.default.isExecutableFile(atPath: setpriv) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: setpriv)
        process.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/bin/true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// A store holding two phrases; returns the store folder and the phrase file's bytes.
    static func storeWithTwoPhrases(_ cli: CLIRunner) async throws -> (store: String, file: String, bytes: Data) {
        for phrase in ["order my usual", "feed me now"] {
            let added = try await cli.run(
                ["phrases", "add", "order-pizza", phrase, "--set", "kind=margherita", "--shortcuts", CLIRunner.demo])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let store = cli.home.appendingPathComponent("data/incant/phrases").path
        let file = store + "/order-pizza.yaml"
        return (store, file, try Data(contentsOf: URL(fileURLWithPath: file)))
    }

    /// The names in `store` other than the phrase file and the lock: leftovers of a failed write.
    static func strayFiles(in store: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store).filter { $0 != "order-pizza.yaml" && $0 != ".lock" }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: prlimit), "needs prlimit (util-linux)"))
    func diskFullLeavesThePhrasesIntact() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let (store, file, before) = try await Self.storeWithTwoPhrases(cli)
        // Any file written past 64 bytes fails with EFBIG, as on a full disk, and SIGXFSZ starts
        // at its default action (killing), whatever the test runner ignores.
        let run = try BackgroundIncant(
            cli, ["phrases", "add", "order-pizza", "the usual please", "--shortcuts", CLIRunner.demo],
            command: ["/usr/bin/env", "--default-signal=XFSZ", Self.prlimit, "--fsize=64", "--"])
        defer { run.stop() }
        let status = await run.waitForExit()
        #expect(status == 74, "the store must report EFBIG, not die of SIGXFSZ: \(run.stderr)")
        #expect(run.stderr.contains(file), "\(run.stderr)")
        #expect(run.stderr.contains("File too large"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(try Self.strayFiles(in: store) == [])

        let list = try await cli.run(["phrases", "list"])
        #expect(list.stdout.contains("order my usual") && list.stdout.contains("feed me now"))
        #expect(!list.stdout.contains("the usual please"))
    }

    @Test(.enabled(if: !isRoot || canDropToNobody, "as root, needs setpriv allowed to switch to nobody"))
    func readOnlyStoreIsReadableAndRefusesChanges() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let (store, file, before) = try await Self.storeWithTwoPhrases(cli)
        var command: [String] = []
        if Self.isRoot {
            // The store stays root's (0755, files 0644): nobody may read it but not write it.
            command = [Self.setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"]
            for folder in [cli.home.path, cli.home.path + "/data", cli.home.path + "/data/incant", store] {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
            }
            for name in ["order-pizza.yaml", ".lock"] {
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store + "/" + name)
            }
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: store)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: store) }

        let list = try BackgroundIncant(cli, ["phrases", "list"], command: command)
        defer { list.stop() }
        #expect(await list.waitForExit() == 0, "a read-only store can still be listed: \(list.stderr)")
        #expect(list.stdout.contains("order my usual") && list.stdout.contains("feed me now"))

        // The definitions from inside the home, which `nobody` can read wherever the checkout is
        // (a checkout under a 0700 folder is not readable to it).
        let shortcuts = cli.home.appendingPathComponent("demo-shortcuts").path
        try FileManager.default.copyItem(atPath: CLIRunner.demo, toPath: shortcuts)
        let add = try BackgroundIncant(
            cli, ["phrases", "add", "order-pizza", "the usual please", "--shortcuts", shortcuts],
            command: command)
        defer { add.stop() }
        #expect(await add.waitForExit() == 74, "\(add.stderr)")
        #expect(add.stderr.contains(store), "the error names the store: \(add.stderr)")
        #expect(add.stderr.contains("Permission denied"), "\(add.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(try Self.strayFiles(in: store) == [])
    }
}

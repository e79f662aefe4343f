import Foundation
import IncantTestSupport
import Testing

/// What Incant keeps about you — phrases, recordings of your voice, the history of what you
/// asked for — is readable by you only: folders `0700`, files `0600`, whatever the umask.
@Suite("Private files")
struct PrivateFilesTests {
    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func storeTakesAndHistoryAreOwnerOnly() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        // The take says the phrase: `phrases record` keeps only takes heard as the phrase.
        let take = try await Speech.recording(["rise and shine"], in: cli.home)
        let recorded = try await cli.run(
            [
                "phrases", "record", "lights", "--file", take, "--phrase", "rise and shine", "--set", "room=kitchen",
                "--set", "on=yes", "--json", "--shortcuts", CLIRunner.demo,
            ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let simulated = try await cli.run(
            ["simulate", "rise and shine", "--dry-run", "--shortcuts", CLIRunner.demo])
        #expect(simulated.status == 0, "\(simulated.stderr)")

        let data = cli.home.appendingPathComponent("data/incant").path
        let store = data + "/phrases"
        #expect(try Self.mode(store) == 0o700)
        #expect(try Self.mode(store + "/lights.yaml") == 0o600)
        #expect(try Self.mode(store + "/.lock") == 0o600)
        #expect(try Self.mode(store + "/takes") == 0o700)
        let takes = try FileManager.default.contentsOfDirectory(atPath: store + "/takes")
        #expect(takes.count == 1)
        for name in takes {
            #expect(try Self.mode(store + "/takes/" + name) == 0o600, "\(name)")
        }
        #expect(try Self.mode(data) == 0o700)
        #expect(try Self.mode(data + "/history.sqlite") == 0o600)
    }
}

import Foundation
import Testing

@Suite("incant phrases")
struct PhrasesCommandTests {
    @Test func addListEditRemoveAndUseInSimulate() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let shortcuts = ["--shortcuts", CLIRunner.demo]
        let add = try await cli.run(
            [
                "phrases", "add", "order-pizza", "order my usual pizza", "--set", "kind=four cheese", "--set",
                "count=two", "--json",
            ] + shortcuts)
        #expect(add.status == 0, "\(add.stderr)")
        let list = try await cli.run(["phrases", "list", "--json"] + shortcuts)
        let phrases = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(phrases?.count == 1)
        #expect(phrases?.first?["phrase"] as? String == "order my usual pizza")
        #expect(CLIRunner.texts(phrases?.first?["parameters"]) == ["kind": "four cheese", "count": "2"])

        let simulate = try await cli.run(
            ["simulate", "Order my usual pizza, please", "--json", "--dry-run"] + shortcuts)
        #expect(simulate.status == 0, "\(simulate.stdout)")
        #expect(CLIRunner.texts(try simulate.json()["parameters"]) == ["kind": "four cheese", "count": "2"])

        let edit = try await cli.run(
            ["phrases", "edit", "order my usual pizza", "--to", "the usual please"] + shortcuts)
        #expect(edit.status == 0, "\(edit.stderr)")
        let remove = try await cli.run(["phrases", "remove", "the usual please"] + shortcuts)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(
            try await cli.run(["phrases", "list", "--json"] + shortcuts).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines) == "[]")
    }

    @Test func conflictIsRefusedNamingTheOwner() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run([
            "phrases", "add", "set-timer", "order a pepperoni pizza", "--shortcuts", CLIRunner.demo,
        ])
        #expect(result.status == 65)
        #expect(result.stderr.contains("order-pizza"))
        let near = try await cli.run([
            "phrases", "add", "set-timer", "order a pepperoni pasta", "--set", "minutes=9", "--shortcuts",
            CLIRunner.demo,
        ])
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stderr.contains("warning") && near.stderr.contains("order-pizza"))
    }

    @Test func twoProcessesAddingAHundredEachKeepTwoHundred() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in ["alpha", "bravo"] {
                group.addTask {
                    for index in 0..<100 {
                        let result = try await cli.run([
                            "phrases", "add", "set-timer", "\(writer) timer number \(index)", "--set", "minutes=3",
                            "--shortcuts", CLIRunner.demo,
                        ])
                        guard result.status == 0 else {
                            Issue.record("add failed: \(result.stderr)")
                            return
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let list = try await cli.run(["phrases", "list", "--json", "--shortcuts", CLIRunner.demo])
        let phrases = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(phrases?.count == 200)
    }
}

import Foundation

/// Replays a fuzz target's seed corpus and seeded-random mutations of it, so that the normal
/// test suite runs every harness deterministically (the real fuzzing is `scripts/fuzz.sh`).
public enum FuzzReplay {
    /// The repository's `Fuzz/` folder, found from this file's place (the same depth under
    /// `Fuzz/Harness/` and under `Tests/<Module>/FuzzMutation/`).
    public static let fuzzDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    /// The seed inputs in `Fuzz/Corpus/<target>/`, sorted by name.
    public static func corpus(_ target: String) throws -> [[UInt8]] {
        let directory = fuzzDirectory.appendingPathComponent("Corpus").appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        return try names.map { try Array(Data(contentsOf: directory.appendingPathComponent($0))) }
    }

    /// The tokens of the libFuzzer dictionary `Fuzz/Dictionaries/<name>.dict`.
    public static func dictionary(_ name: String) throws -> [[UInt8]] {
        let url = fuzzDirectory.appendingPathComponent("Dictionaries").appendingPathComponent(name + ".dict")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let open = line.firstIndex(of: "\""), line.last == "\"" else { return nil }
            return unescape(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
    }

    /// Decodes the `\\`, `\"` and `\xNN` escapes of a dictionary entry.
    static func unescape(_ text: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "\\"), let next = rest.popFirst() else {
                bytes.append(byte)
                continue
            }
            if next == UInt8(ascii: "x"), rest.count >= 2,
                let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(next)
            }
        }
        return bytes
    }

    /// Runs `body` on every seed, then on `mutations` mutants of them (deterministic for a
    /// given `seed`); returns how many inputs ran.
    @discardableResult
    public static func run(
        seeds: [[UInt8]], tokens: [[UInt8]], mutations: Int, maximumSize: Int, seed: UInt64 = 0x5EED,
        _ body: ([UInt8]) -> Void
    ) -> Int {
        for input in seeds { body(input) }
        var random = FuzzRandom(seed: seed)
        var pool = seeds.isEmpty ? [[]] : seeds
        for index in 0..<mutations {
            let parent = pool[Int.random(in: 0..<pool.count, using: &random)]
            let mutant = FuzzMutator.mutate(parent, pool: pool, tokens: tokens, maximumSize: maximumSize, &random)
            body(mutant)
            // Keep some mutants as parents, so mutations stack up as they do when fuzzing.
            if index % 8 == 0 { pool.append(mutant) }
        }
        return seeds.count + mutations
    }

    /// Runs `body` on its own thread and waits for it without holding a Swift concurrency
    /// thread (the replays are seconds of CPU work).
    public static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result(catching: body))
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}

/// SplitMix64: a small deterministic generator, so a failing mutant can be reproduced.
public struct FuzzRandom: RandomNumberGenerator {
    var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// libFuzzer-style byte mutations: bit flips, byte changes, insertions, deletions, repeated
/// ranges, dictionary tokens, boundary values and splices with another input.
public enum FuzzMutator {
    /// One to four mutations of `input`, at most `maximumSize` bytes long.
    public static func mutate(
        _ input: [UInt8], pool: [[UInt8]], tokens: [[UInt8]], maximumSize: Int, _ random: inout FuzzRandom
    ) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            mutateOnce(&bytes, pool: pool, tokens: tokens, &random)
        }
        return Array(bytes.prefix(maximumSize))
    }

    static func mutateOnce(_ bytes: inout [UInt8], pool: [[UInt8]], tokens: [[UInt8]], _ random: inout FuzzRandom) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<8, using: &random) {
        case 0 where !bytes.isEmpty:
            bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &random)
        case 1 where !bytes.isEmpty:
            bytes[position] = UInt8.random(in: 0...255, using: &random)
        case 2:
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: min(position, bytes.count))
        case 3 where !bytes.isEmpty:
            let end = min(bytes.count, position + Int.random(in: 1...16, using: &random))
            bytes.removeSubrange(position..<end)
        case 4 where !bytes.isEmpty:
            let end = min(bytes.count, position + Int.random(in: 1...32, using: &random))
            let copies = Int.random(in: 1...8, using: &random)
            bytes.insert(contentsOf: Array(repeating: bytes[position..<end], count: copies).joined(), at: end)
        case 5 where !tokens.isEmpty:
            let token = tokens[Int.random(in: 0..<tokens.count, using: &random)]
            bytes.insert(contentsOf: token, at: min(position, bytes.count))
        case 6 where bytes.count >= 4:
            let boundaries: [UInt32] = [0, 1, 0x7F, 0x80, 0xFF, 0xFFFF, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF]
            let value = boundaries[Int.random(in: 0..<boundaries.count, using: &random)].littleEndian
            let start = min(position, bytes.count - 4)
            withUnsafeBytes(of: value) { bytes.replaceSubrange(start..<(start + 4), with: $0) }
        default:
            let other = pool[Int.random(in: 0..<pool.count, using: &random)]
            let cut = other.isEmpty ? 0 : Int.random(in: 0..<other.count, using: &random)
            bytes = Array(bytes.prefix(position)) + other[cut...]
        }
    }
}

import Foundation
import Yams

/// The user's recorded phrases, kept as readable YAML, one file per shortcut
/// (`DIR/<shortcut>.yaml`), with recorded takes under `DIR/takes/`.
///
/// Every change happens under an exclusive `flock` on `DIR/.lock` and rewrites files
/// atomically, so concurrent `incant phrases add` processes never lose each other's phrases,
/// and a crash mid-write leaves the old file intact.
public struct PhraseStore: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Folder where recorded takes (WAV) are kept.
    public var takesDirectory: String { directory + "/takes" }

    /// Whether `take` (as kept in ``UserPhrase/takes``) names a file directly in the takes
    /// folder: `takes/NAME.wav`, no other folder, no `..`, no absolute path, no hidden file.
    public static func isTakeName(_ take: String) -> Bool {
        guard take.hasPrefix("takes/"), take.hasSuffix(".wav") else { return false }
        let name = take.dropFirst("takes/".count)
        return !name.contains("/") && !name.hasPrefix(".") && !name.contains("\0")
    }

    /// The path of a recorded take named in a phrase file. Throws unless it is
    /// `takes/NAME.wav` and, symbolic links resolved, still inside the store's folder: a
    /// phrase file cannot make Incant read audio from elsewhere.
    public func takePath(_ take: String) throws -> String {
        let path = directory + "/" + take
        guard Self.isTakeName(take) else {
            throw PhraseStoreError.refused(["take '\(take)' is not a file in \(takesDirectory)"])
        }
        let store = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(store + "/") else {
            throw PhraseStoreError.refused(["take '\(take)' leads out of \(directory) (to \(resolved))"])
        }
        return path
    }

    /// Every stored phrase (an empty list when the store does not exist yet).
    public func all() throws -> [UserPhrase] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return [] }
        try requireFolder(isDirectory: isDirectory.boolValue)
        return try FileLock(path: lockPath).withLock(exclusive: false) { try readAll() }
    }

    /// Reads all phrases, lets `body` change the list, and writes back the files whose phrases
    /// changed — all under the exclusive lock. Throwing from `body` changes nothing.
    @discardableResult
    public func update<T>(_ body: (inout [UserPhrase]) throws -> T) throws -> T {
        try createDirectory()
        return try FileLock(path: lockPath).withLock(exclusive: true) {
            let before = try readAll()
            var after = before
            let result = try body(&after)
            try write(changed: before, to: after)
            return result
        }
    }

    // MARK: - Files

    var lockPath: String { directory + "/.lock" }

    func file(for shortcut: String) throws -> String {
        guard ShortcutDefinition.isValidIdentifier(shortcut) else {
            throw PhraseStoreError.refused(["invalid shortcut id '\(shortcut)'"])
        }
        return directory + "/" + shortcut + ".yaml"
    }

    /// Throws when the store's path names a file: phrases are kept in a folder.
    private func requireFolder(isDirectory: Bool) throws {
        guard isDirectory else {
            throw PhraseStoreError.io(
                path: directory, message: "is a file, not a folder (the phrase store is a folder of YAML files)")
        }
    }

    func createDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            try requireFolder(isDirectory: isDirectory.boolValue)
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PhraseStoreError.io(
                path: directory, message: "cannot create the phrase folder: \(error.localizedDescription)")
        }
    }

    func readAll() throws -> [UserPhrase] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw PhraseStoreError.io(path: directory, message: "cannot list: \(error.localizedDescription)")
        }
        var phrases: [UserPhrase] = []
        for name in names.sorted() where name.hasSuffix(".yaml") && !name.hasPrefix(".") {
            phrases += try read(file: directory + "/" + name, shortcut: String(name.dropLast(5)))
        }
        return phrases
    }

    func read(file: String, shortcut: String) throws -> [UserPhrase] {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw PhraseStoreError.io(path: file, message: "cannot read: \(error.localizedDescription)")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text, YAMLReader.resolver)
        } catch let error as YamlError {
            let diagnostic = DefinitionParser.diagnostic(for: error, file: file)
            throw PhraseStoreError.malformed(diagnostic.location, diagnostic.message)
        }
        guard let node else { return [] }
        guard let list = node["phrases"], case .sequence(let items) = list else {
            throw PhraseStoreError.malformed(
                SourceLocation(file: file, line: node.mark?.line ?? 1), "expected a 'phrases:' list")
        }
        var phrases: [UserPhrase] = []
        for item in items {
            let location = SourceLocation(file: file, line: item.mark?.line ?? 0)
            do {
                var phrase = try YAMLDecoder().decode(UserPhrase.self, from: item)
                guard phrase.shortcut == shortcut else {
                    throw PhraseStoreError.malformed(
                        location, "phrase belongs to '\(phrase.shortcut)' but is in the file of '\(shortcut)'")
                }
                if let take = phrase.takes.first(where: { !Self.isTakeName($0) }) {
                    throw PhraseStoreError.malformed(
                        location, "take '\(take)' is not a file in the store's takes/ folder (takes/NAME.wav)")
                }
                phrase.location = location
                phrases.append(phrase)
            } catch let error as PhraseStoreError {
                throw error
            } catch {
                throw PhraseStoreError.malformed(location, "invalid phrase entry: \(error)")
            }
        }
        return phrases
    }

    func write(changed before: [UserPhrase], to after: [UserPhrase]) throws {
        func grouped(_ phrases: [UserPhrase]) -> [String: [UserPhrase]] {
            Dictionary(
                grouping: phrases.map {
                    var copy = $0
                    copy.location = nil
                    return copy
                }, by: \.shortcut)
        }
        let old = grouped(before)
        let new = grouped(after)
        for shortcut in Set(old.keys).union(new.keys).sorted() {
            let phrases = new[shortcut] ?? []
            guard phrases != (old[shortcut] ?? []) else { continue }
            let path = try file(for: shortcut)
            if phrases.isEmpty {
                if unlink(path) != 0 && errno != ENOENT {
                    throw PhraseStoreError.io(path: path, message: "cannot remove: \(String(cString: strerror(errno)))")
                }
                continue
            }
            try AtomicFile.write(Data(try render(phrases, shortcut: shortcut).utf8), to: path)
        }
    }

    func render(_ phrases: [UserPhrase], shortcut: String) throws -> String {
        struct File: Encodable { var phrases: [UserPhrase] }
        let body = try YAMLEncoder().encode(File(phrases: phrases))
        return "# Phrases for shortcut '\(shortcut)', kept by `incant phrases`. Edit with care.\n" + body
    }
}

import Foundation

/// The programs that estimate an adaptation: SphinxTrain's Baum-Welch counter and MLLR solver
/// (Debian package `sphinxtrain`) and pocketsphinx's model-definition converter (package
/// `pocketsphinx`). Incant runs them as child processes with argument vectors, never a shell.
public struct SphinxTrainTools: Sendable, Equatable {
    /// `bw`: collects the statistics of the takes aligned to their transcripts.
    public var baumWelch: String
    /// `mllr_solve`: turns the statistics into a transform of the Gaussian means.
    public var mllrSolve: String
    /// `pocketsphinx_mdef_convert`: writes the binary model definition as text (what `bw` reads).
    public var modelDefinitionConverter: String

    /// Environment variable naming the folder of `bw` and `mllr_solve`.
    public static let environmentVariable = "INCANT_SPHINXTRAIN_DIR"
    /// Where Debian's `sphinxtrain` installs them.
    public static let debianDirectory = "/usr/lib/sphinxtrain"

    public init(baumWelch: String, mllrSolve: String, modelDefinitionConverter: String) {
        self.baumWelch = baumWelch
        self.mllrSolve = mllrSolve
        self.modelDefinitionConverter = modelDefinitionConverter
    }

    /// Finds the programs: `bw` and `mllr_solve` in `$INCANT_SPHINXTRAIN_DIR` or
    /// `/usr/lib/sphinxtrain`, the converter on `PATH`.
    ///
    /// - Throws: ``AdaptationError/missingTool(name:package:searched:)`` naming the Debian package.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(AdaptationError) -> SphinxTrainTools {
        let folder = environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 } ?? debianDirectory
        func trainer(_ name: String) throws(AdaptationError) -> String {
            let path = folder + "/" + name
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw .missingTool(name: name, package: "sphinxtrain", searched: [folder])
            }
            return path
        }
        let converterName = "pocketsphinx_mdef_convert"
        guard let converter = ToolProcess.locate(converterName, environment: environment) else {
            throw .missingTool(
                name: converterName, package: "pocketsphinx",
                searched: [environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"])
        }
        return SphinxTrainTools(
            baumWelch: try trainer("bw"), mllrSolve: try trainer("mllr_solve"), modelDefinitionConverter: converter)
    }

    /// How long one program may run (`bw` on 40 utterances takes seconds).
    public var timeout: Duration = .seconds(600)

    /// Runs `tool` in `directory`; throws its log's last lines when it fails.
    func run(_ tool: String, _ arguments: [String], in directory: String) throws(AdaptationError) {
        let name = (tool as NSString).lastPathComponent
        let outcome: ToolProcess.Outcome
        do {
            outcome = try ToolProcess(executable: tool, timeout: timeout).run(arguments, in: directory)
        } catch {
            throw .toolFailed(name: name, status: -1, log: error.reason)
        }
        if outcome.timedOut {
            throw .toolFailed(name: name, status: outcome.status, log: "stopped after running \(timeout)")
        }
        guard outcome.succeeded else {
            let lines = (String(decoding: outcome.output, as: UTF8.self) + outcome.errors).split(separator: "\n")
            let problems = lines.filter { $0.contains("ERROR") || $0.contains("FATAL") }
            let log = (problems.isEmpty ? lines : problems).suffix(8).joined(separator: "\n")
            throw .toolFailed(name: name, status: outcome.status, log: log)
        }
    }
}

import Foundation
import IncantPhrases
import IncantProcess

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

    /// Environment variable naming the folder of `bw` and `mllr_solve` (read by `IncantPaths`).
    public static let environmentVariable = "INCANT_SPHINXTRAIN_DIR"
    /// Where Debian's `sphinxtrain` installs them.
    public static let debianDirectory = "/usr/lib/sphinxtrain"

    public init(baumWelch: String, mllrSolve: String, modelDefinitionConverter: String) {
        self.baumWelch = baumWelch
        self.mllrSolve = mllrSolve
        self.modelDefinitionConverter = modelDefinitionConverter
    }

    /// Finds the programs: `bw` and `mllr_solve` in `IncantPaths.sphinxTrainDirectory`
    /// (`$INCANT_SPHINXTRAIN_DIR`) or `/usr/lib/sphinxtrain`, the converter on
    /// `IncantPaths.searchPath` (`$PATH`).
    ///
    /// - Throws: ``AdaptationError/missingTool(name:package:searched:)`` naming the Debian package.
    public static func locate(paths: IncantPaths) throws(AdaptationError) -> SphinxTrainTools {
        let folder = paths.sphinxTrainDirectory ?? debianDirectory
        func trainer(_ name: String) throws(AdaptationError) -> String {
            let path = folder + "/" + name
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw .missingTool(name: name, package: "sphinxtrain", searched: [folder])
            }
            return path
        }
        let converterName = "pocketsphinx_mdef_convert"
        guard let converter = ToolProcess.locate(converterName, searchPath: paths.searchPath) else {
            throw .missingTool(
                name: converterName, package: "pocketsphinx",
                searched: [paths.searchPath ?? ToolProcess.standardSearchPath])
        }
        return SphinxTrainTools(
            baumWelch: try trainer("bw"), mllrSolve: try trainer("mllr_solve"), modelDefinitionConverter: converter)
    }

    /// How long one program may run (`bw` on 40 utterances takes seconds).
    public var timeout: Duration = .seconds(600)

    /// Runs `tool` in `directory` (through `ProcessRunner`, no shell); throws its log's last
    /// lines when it fails. A program still running after ``timeout`` gets `SIGTERM`, and
    /// `SIGKILL` a second later.
    func run(_ tool: String, _ arguments: [String], in directory: String) async throws(AdaptationError) {
        let name = (tool as NSString).lastPathComponent
        let result: ProcessResult
        do {
            result = try await ProcessRunner.run(
                ProcessLaunch(
                    executablePath: tool, arguments: arguments, workingDirectory: directory, timeout: timeout,
                    outputLimit: Self.logLimit, terminationGrace: .seconds(1)))
        } catch {
            throw .toolFailed(name: name, status: -1, log: error.description)
        }
        let status: Int32
        switch result.termination {
        case .timedOut:
            throw .toolFailed(name: name, status: SIGTERM, log: "stopped after running \(timeout)")
        case .exited(let code), .signaled(let code):
            status = code
        }
        guard !result.succeeded else { return }
        let lines = (result.standardOutput.text + result.standardError.text).split(separator: "\n")
        let problems = lines.filter { $0.contains("ERROR") || $0.contains("FATAL") }
        let log = (problems.isEmpty ? lines : problems).suffix(8).joined(separator: "\n")
        throw .toolFailed(name: name, status: status, log: log)
    }

    /// How many bytes of a program's standard output and of its standard error are kept.
    static let logLimit = 16 << 20
}

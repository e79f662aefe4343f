import Foundation
import IncantPhrases
import IncantProcess

/// A `HandlerSpec.run` handler: a program run directly (never through a shell) that reads one
/// JSON request on stdin and may answer one JSON response on stdout.
///
/// The program runs in its own session and process group, in `workingDirectory`, with the
/// request also given as `INCANT_STAGE`, `INCANT_SHORTCUT`, `INCANT_QUERY`, `INCANT_SITE` (when
/// the query came from a site) and `INCANT_<NAME>` environment variables. When it runs past
/// `timeout`, its whole process group is killed with `SIGKILL` and the answer is `failure` with
/// reason `timeout`. At most `outputLimit` bytes of stdout and of stderr are kept.
public struct ExternalHandler: Sendable, Hashable {
    /// The program and its arguments, with `{param}` placeholders in the arguments.
    public var arguments: [String]
    /// How long the program may run.
    public var timeout: Duration
    /// The folder the program runs in and relative program paths start from.
    public var workingDirectory: String
    /// The parameters the shortcut declares (placeholders and variables for unset ones are
    /// emptied or removed).
    public var declaredParameters: [String]
    /// The cap on captured stdout and on captured stderr, in bytes.
    public var outputLimit: Int

    /// What a program path starting with `~` starts at.
    public var homeDirectory: String

    /// The default cap on captured stdout and on captured stderr: 64 KiB each.
    public static let defaultOutputLimit = 64 * 1024

    /// Creates a handler from the parts of `HandlerSpec.run`.
    public init(
        arguments: [String],
        timeout: Duration = HandlerSpec.defaultTimeout,
        workingDirectory: String,
        declaredParameters: [String] = [],
        outputLimit: Int = ExternalHandler.defaultOutputLimit,
        homeDirectory: String = IncantPaths().home
    ) {
        self.homeDirectory = homeDirectory
        self.arguments = arguments
        self.timeout = timeout
        self.workingDirectory = workingDirectory
        self.declaredParameters = declaredParameters
        self.outputLimit = outputLimit
    }

    /// Runs the program for `request` and returns its answer; every problem (missing program,
    /// crash, timeout, unreadable output) becomes a `failure` response with a reason.
    public func respond(to request: ShortcutRequest) async -> ShortcutResponse {
        do {
            let executable = try ProgramResolver.resolve(
                arguments.first ?? "", workingDirectory: workingDirectory, homeDirectory: homeDirectory)
            let filled = ArgumentTemplate.fill(
                arguments, parameters: request.parameters, declaredParameters: declaredParameters)
            let launch = ProcessLaunch(
                executablePath: executable,
                arguments: Array(filled.dropFirst()),
                environment: HandlerEnvironment.variables(
                    for: request, declaredParameters: declaredParameters),
                workingDirectory: ProgramResolver.absolutePath(workingDirectory, homeDirectory: homeDirectory),
                standardInput: try Self.encode(request),
                timeout: timeout,
                outputLimit: outputLimit
            )
            let result = try await ProcessRunner.run(launch)
            return HandlerReply.response(for: result, stage: request.stage)
        } catch {
            return .failure(reason: error.description)
        }
    }

    /// The JSON request, keys sorted, followed by a newline (so line-reading handlers work).
    static func encode(_ request: ShortcutRequest) throws(ProcessLaunchError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(request)) + [UInt8(ascii: "\n")]
        } catch {
            throw ProcessLaunchError("cannot encode the request: \(error)")
        }
    }
}

import IncantPhrases
import IncantProcess

/// A `HandlerSpec.open` handler: opens a URL or a path with an ``Opener`` and answers
/// `continueInApp`, or `failureRequiringAppLaunch` with a reason when the opener is missing,
/// fails or times out.
public struct OpenHandler: Sendable, Hashable {
    /// The URL or path, with `{param}` placeholders.
    public var target: String
    /// The program that does the opening.
    public var opener: Opener
    /// What a target path starting with `~` starts at.
    public var homeDirectory: String

    /// Creates a handler opening `target` with `opener`; `~` in a path is `homeDirectory`
    /// (by default `$HOME`).
    public init(target: String, opener: Opener = .xdgOpen, homeDirectory: String = IncantPaths().home) {
        self.target = target
        self.opener = opener
        self.homeDirectory = homeDirectory
    }

    /// Opens the target with `request`'s parameters filled in. The opener gets no request on
    /// stdin and no `INCANT_*` variables: it is a generic program, not an Incant handler.
    public func respond(to request: ShortcutRequest) async -> ShortcutResponse {
        let filled = OpenTarget.fill(target, parameters: request.parameters, homeDirectory: homeDirectory)
        func failure(_ reason: String) -> ShortcutResponse {
            ShortcutResponse(
                code: .failureRequiringAppLaunch, reason: "cannot open '\(filled)': \(reason)")
        }
        do {
            let executable = try ProgramResolver.resolve(
                opener.program, workingDirectory: nil, homeDirectory: homeDirectory)
            let result = try await ProcessRunner.run(
                ProcessLaunch(
                    executablePath: executable,
                    arguments: opener.arguments + [filled],
                    environment: [:],
                    workingDirectory: nil,
                    standardInput: [],
                    timeout: opener.timeout,
                    outputLimit: 16 * 1024
                ))
            let errorTail = HandlerReply.tail(of: result.standardError.text)
            let detail = errorTail.isEmpty ? "" : ": \(errorTail)"
            switch result.termination {
            case .exited(0):
                return ShortcutResponse(code: .continueInApp)
            case .exited(let status):
                return failure("\(opener.program) exited with status \(status)\(detail)")
            case .signaled(let signal):
                return failure("\(opener.program) killed by \(SignalName.of(signal))\(detail)")
            case .timedOut:
                return failure("\(opener.program) timed out")
            }
        } catch {
            return failure(error.description)
        }
    }
}

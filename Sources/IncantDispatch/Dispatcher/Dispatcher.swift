import Foundation
import IncantPhrases
import Logging

/// Runs shortcuts: fills in parameters, runs the confirm stage, asks yes/no when the shortcut
/// requires confirmation, runs the handle stage, picks the dialog, and records the dispatch in
/// the history.
///
/// ```swift
/// let history = try HistoryStore(path: HistoryStore.defaultPath())
/// let dispatcher = Dispatcher(interaction: NonInteractive(), history: history)
/// let outcome = await dispatcher.dispatch(shortcut, parameters: matched, query: text)
/// print(outcome.dialog ?? "")
/// ```
public struct Dispatcher: Sendable {
    /// In-process handlers for `HandlerSpec.swift(name:)` stages.
    public var handlers: HandlerRegistry
    /// How missing values and yes/no answers are asked for.
    public var interaction: any DispatchInteraction
    /// The program used by `open` handlers.
    public var opener: Opener
    /// What a handler path or an `open` path starting with `~` starts at.
    public var homeDirectory: String
    /// Where every dispatch is recorded; `nil` records nothing.
    public var history: HistoryStore?
    /// Where stages, unknown codes and history problems are logged.
    public var logger: Logger
    /// The HTTP client `http` handlers share; made on first use, closed by ``shutdown()``.
    public var http: HTTPSession

    /// Creates a dispatcher.
    public init(
        handlers: HandlerRegistry = HandlerRegistry(),
        interaction: any DispatchInteraction = NonInteractive(),
        opener: Opener = .xdgOpen,
        history: HistoryStore? = nil,
        logger: Logger = Logger(label: "incant.dispatch"),
        homeDirectory: String = IncantPaths().home,
        http: HTTPSession = HTTPSession()
    ) {
        self.homeDirectory = homeDirectory
        self.http = http
        self.handlers = handlers
        self.interaction = interaction
        self.opener = opener
        self.history = history
        self.logger = logger
    }

    /// Closes the connections of ``http``; `http` handlers fail afterwards. Call it when the
    /// dispatcher (and every copy of it) is done.
    public func shutdown() async {
        await http.shutdown()
    }

    /// Dispatches `shortcut` with the parameters matched from `query`:
    ///
    /// 1. parameters not given take their defaults; required ones still missing are asked for
    ///    (no valid answer: `failure`, status ``DispatchOutcome/Status/missingParameter``);
    /// 2. the confirm stage runs (implicitly `ready` without a confirm handler); any other code
    ///    stops here (``DispatchOutcome/Status/stoppedAtConfirm``); the parameters `ready` comes
    ///    with are added to the dispatch's (a value the user gave is kept);
    /// 3. if the shortcut requires confirmation, "<title>?" is asked unless
    ///    ``DispatchOptions/assumeYes``; no or no answer stops with `failure`, reason
    ///    `not confirmed` (``DispatchOutcome/Status/notConfirmed``);
    /// 4. a ``DispatchOptions/dryRun`` stops here (``DispatchOutcome/Status/dryRun``);
    /// 5. the handle stage runs (implicitly `success` without a handle handler).
    ///
    /// Cancelling the calling task stops the dispatch: a running external handler's process
    /// group is killed, no further stage starts, and the outcome is `failure` with reason
    /// `interrupted` (status ``DispatchOutcome/Status/interrupted``); it is still recorded.
    ///
    /// Before any of it, a shortcut limited to sites (or said with a phrase limited to sites,
    /// `phraseSites`) that ``DispatchOptions/site`` is not one of is refused: nothing is asked
    /// or run, the code is `failure` and the status ``DispatchOutcome/Status/notAtSite``.
    ///
    /// Never throws: every problem is a failure outcome with a reason. The outcome is recorded
    /// in ``history``; a history error is logged, not returned.
    public func dispatch(
        _ shortcut: ShortcutDefinition,
        parameters: [String: ParameterValue] = [:],
        query: String,
        options: DispatchOptions = DispatchOptions(),
        phraseSites: SiteRestriction? = nil
    ) async -> DispatchOutcome {
        let startedAt = Date()
        let start = ContinuousClock.now
        var outcome = DispatchOutcome(
            shortcut: shortcut.id, query: query, parameters: parameters, status: .completed,
            confirm: nil, handle: nil, code: .failure, dialog: nil, reason: nil,
            startedAt: startedAt, duration: .zero, site: options.site)
        if let refusal = SiteRefusal(shortcut: shortcut, phraseSites: phraseSites, site: options.site) {
            outcome.status = .notAtSite
            outcome.reason = refusal.description
            outcome.dialog = refusal.dialog
        } else {
            await run(shortcut, options: options, into: &outcome)
        }
        outcome.duration = ContinuousClock.now - start
        logger.debug(
            "dispatched",
            metadata: [
                "shortcut": "\(shortcut.id)", "code": "\(outcome.code)",
                "status": "\(outcome.status.rawValue)",
                "reason": "\(outcome.reason ?? "")",
            ])
        if let history, !history.isSetAside {
            do {
                // An unstructured task does not inherit our cancellation: an interrupted
                // dispatch (SIGINT/SIGTERM) is still recorded, and GRDB would refuse to write
                // from a cancelled task.
                let finished = outcome
                try await Task { _ = try await history.record(finished) }.value
            } catch {
                // History is a record, not a gate: say it once, then run without it.
                if history.setAside() {
                    let advice = HistoryStore.repairAdvice(history.path)
                    logger.warning(
                        "cannot record dispatches in the history at \(history.path), running without it; \(advice)",
                        metadata: ["error": "\(error)"])
                }
            }
        }
        return outcome
    }

    /// Steps 1–5 of ``dispatch(_:parameters:query:options:)``, filling `outcome`.
    private func run(
        _ shortcut: ShortcutDefinition, options: DispatchOptions,
        into outcome: inout DispatchOutcome
    ) async {
        let resolver = ParameterResolver(
            interaction: interaction, maximumAttempts: options.maximumAttempts, logger: logger)
        switch await resolver.resolve(outcome.parameters, for: shortcut) {
        case .missing(let name, let reason):
            // A question cut short by cancellation (a signal) is an interruption, not a refusal.
            if Task.isCancelled { return interrupt(&outcome) }
            outcome.status = .missingParameter
            outcome.code = .failure
            outcome.reason = reason
            outcome.dialog = "Sorry, I need a value for \(name)."
            return
        case .resolved(let values):
            outcome.parameters = values
        }

        if Task.isCancelled { return interrupt(&outcome) }
        let confirm = await runStage(
            .confirm, of: shortcut, parameters: outcome.parameters, query: outcome.query, site: options.site)
        outcome.confirm = confirm
        outcome.code = confirm.code
        outcome.dialog = confirm.dialog
        outcome.reason = confirm.response.reason
        guard confirm.code == .ready else {
            outcome.status = wasInterrupted(confirm) ? .interrupted : .stoppedAtConfirm
            return
        }
        // What confirm sends with `ready` is passed on to handle (and its dialog), as Siri passes
        // the confirm response on; it adds values and never replaces one the user gave.
        outcome.parameters.merge(confirm.response.parameters) { given, _ in given }

        if shortcut.requiresConfirmation, !options.assumeYes {
            let title = shortcut.title.hasSuffix("?") ? shortcut.title : shortcut.title + "?"
            let answer = await interaction.askYesNo(title)
            guard answer == true else {
                outcome.status = .notConfirmed
                outcome.code = .failure
                outcome.reason = "not confirmed"
                if answer == nil, let why = await interaction.reasonForNoAnswer() {
                    outcome.reason = "not confirmed (\(why))"
                }
                outcome.dialog = "Okay, cancelled."
                return
            }
        }

        if options.dryRun {
            outcome.status = .dryRun
            return
        }

        if Task.isCancelled { return interrupt(&outcome) }
        let handle = await runStage(
            .handle, of: shortcut, parameters: outcome.parameters, query: outcome.query, site: options.site)
        outcome.handle = handle
        outcome.status = wasInterrupted(handle) ? .interrupted : .completed
        outcome.code = handle.code
        outcome.dialog = handle.dialog
        outcome.reason = handle.response.reason
    }

    /// The failure reason of a stage or dispatch stopped by cancellation of the calling task
    /// (in the CLI: SIGINT or SIGTERM).
    public static let interruptedReason = "interrupted"

    /// Whether `stage` was cut short by cancellation (not a handler answering that reason).
    private func wasInterrupted(_ stage: StageResult) -> Bool {
        stage.wasInterrupted
    }

    /// Marks `outcome` as stopped by cancellation before a stage could start.
    private func interrupt(_ outcome: inout DispatchOutcome) {
        outcome.status = .interrupted
        outcome.code = .failure
        outcome.reason = Self.interruptedReason
        outcome.dialog = "Interrupted."
    }

    /// Runs one stage of `shortcut` on its own: the handler answers, the code is checked
    /// against the shortcut's declarations, and the dialog is chosen. Parameters are used as
    /// given (no defaults, no questions), the site is not checked.
    public func runStage(
        _ stage: DispatchStage,
        of shortcut: ShortcutDefinition,
        parameters: [String: ParameterValue],
        query: String,
        site: String? = nil
    ) async -> StageResult {
        let request = ShortcutRequest(
            stage: stage, shortcut: shortcut.id, parameters: parameters, query: query, site: site)
        let spec = stage == .confirm ? shortcut.confirm : shortcut.handle
        let start = ContinuousClock.now
        var response = await respond(to: request, with: spec, of: shortcut)
        let duration = ContinuousClock.now - start
        let interrupted = Task.isCancelled
        if interrupted {
            // The task was cancelled while the handler ran: an external handler's process
            // group has been killed (see `ProcessRunner`), so its answer, if any, is not one.
            response = .failure(reason: Self.interruptedReason)
        }

        var unknownCode: UnknownResponseCodeError?
        do {
            response = try shortcut.validate(response)
        } catch {
            logger.warning("\(error)")
            unknownCode = error
            response = .failure(reason: error.description)
        }
        // An implicit `ready` says nothing unless the shortcut declares a dialog for it.
        let useDefaultDialog = spec != nil || stage == .handle
        let dialog = shortcut.dialog(
            for: response, parameters: parameters, useDefault: useDefaultDialog)
        logger.debug(
            "stage finished",
            metadata: [
                "shortcut": "\(shortcut.id)", "stage": "\(stage.rawValue)",
                "code": "\(response.code)",
                "durationMs": "\(duration.roundedMilliseconds)",
            ])
        return StageResult(
            stage: stage, response: response, dialog: dialog, duration: duration,
            isImplicit: spec == nil, unknownResponseCode: unknownCode, wasInterrupted: interrupted)
    }

    /// The raw (not yet validated) answer of the handler `spec` for `request`.
    private func respond(
        to request: ShortcutRequest,
        with spec: HandlerSpec?,
        of shortcut: ShortcutDefinition
    ) async -> ShortcutResponse {
        switch spec {
        case nil:
            return request.stage == .confirm ? .ready : .success
        case .run(let arguments, let timeout, let workingDirectory):
            let handler = ExternalHandler(
                arguments: arguments, timeout: timeout, workingDirectory: workingDirectory,
                declaredParameters: shortcut.parameters.map(\.name), homeDirectory: homeDirectory)
            return await handler.respond(to: request)
        case .open(let target):
            return await OpenHandler(target: target, opener: opener, homeDirectory: homeDirectory).respond(to: request)
        case .http(let httpSpec):
            let handler = HTTPHandler(
                spec: httpSpec, session: http, responses: shortcut.responses,
                declaredParameters: shortcut.parameters.map(\.name), homeDirectory: homeDirectory)
            return await handler.respond(to: request)
        case .swift(let name):
            guard let handler = handlers.handler(named: name) else {
                return .failure(reason: "no Swift handler registered as '\(name)'")
            }
            return await handler.respond(to: request)
        }
    }
}

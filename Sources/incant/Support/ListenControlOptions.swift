import ArgumentParser

/// `listen`'s push-to-talk options.
struct ListenControlOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Recognize nothing until triggered: Enter at the terminal, SIGUSR1, or `incant trigger`.",
            discussion: "Each trigger opens one command, which must start within --trigger-window."))
    var pushToTalk = false

    @Option(help: ArgumentHelp("How long after a trigger the command may start.", valueName: "seconds"))
    var triggerWindow: Double = 5

    func validate() throws {
        guard triggerWindow >= 0.5, triggerWindow <= 600 else {
            throw ValidationError("--trigger-window must be between 0.5 and 600 seconds")
        }
    }

    var window: Duration { .milliseconds(Int(triggerWindow * 1000)) }
}

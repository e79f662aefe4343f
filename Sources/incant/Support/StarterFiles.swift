/// The files `incant init` writes: a commented example shortcut set and a configuration file
/// whose every key is commented out.
enum StarterFiles {
    /// `shortcuts/example.yaml`: three shortcuts that run on any machine, with comments on
    /// every part of a definition.
    static let exampleShortcuts = """
        # Your shortcuts. Each one: an id, the phrases that run it, and what it does.
        # `incant shortcuts check` validates this folder; `incant simulate "say hello"` tries one
        # without a microphone. Every *.yaml file in this folder is read.
        shortcuts:
          - id: hello
            title: Say hello
            phrases:                       # templates: (a|b) alternatives, [optional], {param}
              - "(say|said) hello [to incant]"
              - "is incant (working|listening)"
            handle: { run: ["true"] }      # a program and its arguments, run directly (no shell)
            responses:
              success: "Hello! Incant is working."

          - id: open-folder
            title: Open a folder
            parameters:
              - name: folder
                type: enum                 # enum | integer | number | boolean | text
                # spoken form: value (what the handler gets); dialogs say the spoken form
                values: { downloads: Downloads, documents: Documents, music: Music, pictures: Pictures }
                prompt: "Which folder?"    # asked when a phrase leaves it out
            phrases:
              - "open [my] {folder} [folder]"
              - "show [me] my {folder}"
            handle: { open: "~/{folder}" } # a URL or a path, opened with xdg-open
            responses:
              continueInApp: "Opening your {folder}."

          - id: timer
            title: Set a timer
            requires-confirmation: true    # asks "Set a timer?" before running
            parameters:
              - name: minutes
                type: integer
                range: [1, 120]
            phrases:
              - "set a timer for {minutes} minutes"
              - "(start|set) a {minutes} minute timer"
            # A real handler gets the request as JSON on stdin and INCANT_MINUTES in its
            # environment, and may answer {"code": "success"} on stdout. `sleep` stands in here.
            handle: { run: ["sleep", "0"], timeout: 5 }
            responses:
              success: "Timer set for {minutes} minutes."

        """

    /// `config.yaml`: every key commented out, with its built-in default. Command-line options
    /// override these.
    static let configuration = """
        # Incant's settings. Command-line options override them. Folders may start with ~ and
        # relative ones are relative to this file's folder.
        #
        # shortcuts: shortcuts          # shortcut definitions: a YAML file or a folder of them
        # phrases: ~/.local/share/incant/phrases   # your recorded phrases
        # device: default               # ALSA capture device (arecord -L lists them)
        # speak: false                  # say dialogs and questions aloud (listen)
        # threshold: 0.6                # reject text matches below this confidence (0-1)
        # rejection-threshold: 0.5      # reject utterances below this acoustic confidence (0-1)
        # trailing-silence: 300         # milliseconds of silence that end an utterance
        # answer-timeout: 30            # seconds a question waits (default: simulate 30, listen 10)
        # model: /usr/share/pocketsphinx/model/en-us   # acoustic model folder

        """
}

import Foundation

/// Where Incant's files and programs are, resolved once from the environment: the XDG base
/// directories (`XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `XDG_RUNTIME_DIR`), `HOME`, `PATH`, and the
/// `INCANT_*` overrides.
///
/// This is the one place Incant reads its environment. A program resolves one value at start-up
/// and passes it (or the paths it names) down; no library reads these variables on its own, and
/// an embedder can build its own value with ``init(environment:)``. As the XDG base directory
/// specification requires, an `XDG_*` value that is empty or not absolute is ignored; an empty
/// `INCANT_*` value counts as unset.
public struct IncantPaths: Sendable, Hashable {
    /// The home directory: `$HOME`, or the account's home directory when it is unset or empty.
    public var home: String
    /// `$XDG_CONFIG_HOME`, or `~/.config`.
    public var configHome: String
    /// `$XDG_DATA_HOME`, or `~/.local/share`.
    public var dataHome: String
    /// The acoustic model folder from `$INCANT_MODEL_DIR`, if set.
    public var modelDirectory: String?
    /// The project's `models/` folder (dictionary additions, manifest) from `$INCANT_MODELS`, if set.
    public var modelsDirectory: String?
    /// The folder holding SphinxTrain's `bw` and `mllr_solve` from `$INCANT_SPHINXTRAIN_DIR`, if set.
    public var sphinxTrainDirectory: String?
    /// The program that speaks dialogs, from `$INCANT_SPEAK_COMMAND`, if set.
    public var speakCommand: String?
    /// The program that plays the wake word's earcon (a WAV file on its standard input), from
    /// `$INCANT_PLAY_COMMAND`, if set.
    public var playCommand: String?
    /// `$XDG_RUNTIME_DIR`, if set (a user session's private, per-boot folder).
    public var runtimeHome: String?
    /// The folder of the installed denoisers from `$INCANT_DENOISE_DIR`, if set.
    public var denoiserDirectory: String?
    /// The log level named by `$INCANT_LOG_LEVEL` (`trace` … `critical`), if set.
    public var logLevel: String?
    /// `$PATH` as set (possibly empty), where programs named without a folder are looked up;
    /// `nil` when unset.
    public var searchPath: String?
    /// The XDG and `INCANT_*` variables read, as set (empty ones left out), for a program that
    /// must resolve the same paths (the systemd unit `incant service install` writes).
    public var variables: [String: String]

    /// The variables ``variables`` holds when they are set.
    public static let variableNames = [
        "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR", "INCANT_MODEL_DIR", "INCANT_MODELS",
        "INCANT_SPHINXTRAIN_DIR", "INCANT_SPEAK_COMMAND", "INCANT_PLAY_COMMAND", "INCANT_DENOISE_DIR",
        "INCANT_LOG_LEVEL",
    ]

    /// Resolves every path from `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func value(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        func absolute(_ name: String) -> String? {
            value(name).flatMap { $0.hasPrefix("/") ? $0 : nil }
        }
        let home = value("HOME") ?? NSHomeDirectory()
        self.home = home
        self.configHome = absolute("XDG_CONFIG_HOME") ?? home + "/.config"
        self.dataHome = absolute("XDG_DATA_HOME") ?? home + "/.local/share"
        self.modelDirectory = value("INCANT_MODEL_DIR")
        self.modelsDirectory = value("INCANT_MODELS")
        self.sphinxTrainDirectory = value("INCANT_SPHINXTRAIN_DIR")
        self.speakCommand = value("INCANT_SPEAK_COMMAND")
        self.playCommand = value("INCANT_PLAY_COMMAND")
        self.runtimeHome = absolute("XDG_RUNTIME_DIR")
        self.denoiserDirectory = value("INCANT_DENOISE_DIR")
        self.logLevel = value("INCANT_LOG_LEVEL")
        self.searchPath = environment["PATH"]
        self.variables = environment.filter { Self.variableNames.contains($0.key) && !$0.value.isEmpty }
    }

    /// Incant's runtime folder: `$XDG_RUNTIME_DIR/incant`, or without a session (a container,
    /// `su`), `/tmp/incant-UID` as the XDG specification suggests. Created private (0700) by
    /// whoever puts something there.
    public var runtimeDirectory: String {
        runtimeHome.map { $0 + "/incant" } ?? "/tmp/incant-\(geteuid())"
    }
    /// A running listener's control socket: `incant trigger`, `mute`, `unmute`, `status`.
    public var controlSocket: String { runtimeDirectory + "/control.sock" }
    /// The systemd user units folder: `$XDG_CONFIG_HOME/systemd/user`.
    public var systemdUserUnits: String { configHome + "/systemd/user" }
    /// Incant's systemd user unit: `$XDG_CONFIG_HOME/systemd/user/incant.service`.
    public var serviceUnit: String { systemdUserUnits + "/incant.service" }

    /// Incant's configuration folder: `$XDG_CONFIG_HOME/incant`.
    public var configDirectory: String { configHome + "/incant" }
    /// The configuration file: `$XDG_CONFIG_HOME/incant/config.yaml`.
    public var configFile: String { configDirectory + "/config.yaml" }
    /// The default shortcut definitions folder: `$XDG_CONFIG_HOME/incant/shortcuts`.
    public var shortcuts: String { configDirectory + "/shortcuts" }
    /// The user's pronunciation overrides: `$XDG_CONFIG_HOME/incant/dictionary.dict`.
    public var dictionary: String { configDirectory + "/dictionary.dict" }
    /// Incant's data folder: `$XDG_DATA_HOME/incant`.
    public var dataDirectory: String { dataHome + "/incant" }
    /// The default phrase store: `$XDG_DATA_HOME/incant/phrases`.
    public var phrases: String { dataDirectory + "/phrases" }
    /// The default history database: `$XDG_DATA_HOME/incant/history.sqlite`.
    public var history: String { dataDirectory + "/history.sqlite" }
    /// The default speaker adaptation: `$XDG_DATA_HOME/incant/adaptation.mllr`.
    public var adaptation: String { dataDirectory + "/adaptation.mllr" }

    /// `path` with a leading `~` (alone or before `/`) replaced by ``home``.
    public func expandingTilde(_ path: String) -> String {
        if path == "~" || path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }
}

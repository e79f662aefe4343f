import Foundation
import IncantPhrases

/// The systemd user unit that runs `incant listen` as a service.
struct ServiceUnit {
    /// The absolute path of the `incant` executable the service runs.
    var executable: String
    /// Variables the service needs to find the same files as this shell (the XDG folders and
    /// `INCANT_*` overrides that are set here).
    var environment: [(name: String, value: String)]
    /// `kill`, for `systemctl --user reload incant` (SIGHUP); nil leaves reloading out.
    var kill: String?

    /// The variables carried into the unit when set: every one `IncantPaths` reads, except
    /// `XDG_RUNTIME_DIR`, which the systemd user manager sets for its services itself.
    static let carried = IncantPaths.variableNames.filter { $0 != "XDG_RUNTIME_DIR" }

    /// The unit for this process: its executable and the carried variables set in `paths`.
    static func current(paths: IncantPaths = Settings.paths) -> ServiceUnit {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        let carried = carried.compactMap { name in paths.variables[name].map { (name: name, value: $0) } }
        let kill = ["/usr/bin/kill", "/bin/kill"].first { FileManager.default.isExecutableFile(atPath: $0) }
        return ServiceUnit(executable: executable, environment: carried, kill: kill)
    }

    var text: String {
        var lines = [
            "# Written by `incant service install`; `incant service uninstall` removes it.",
            "[Unit]",
            "Description=Incant: spoken shortcuts, offline",
            "",
            "[Service]",
            "Type=exec",
            "ExecStart=\(Self.argument(executable)) listen",
        ]
        if let kill { lines.append("ExecReload=\(kill) -HUP $MAINPID") }
        lines += ["Restart=on-failure", "RestartSec=5"]
        for (name, value) in environment {
            lines.append("Environment=\(Self.quoted("\(name)=\(value)", escapingDollars: false))")
        }
        lines += ["", "[Install]", "WantedBy=default.target", ""]
        return lines.joined(separator: "\n")
    }

    /// A command-line argument for `ExecStart=`, quoted when it holds anything but plain path
    /// characters.
    static func argument(_ value: String) -> String {
        let plain = value.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "/._-+,:@".unicodeScalars.contains($0)
        }
        return plain && !value.isEmpty ? value : quoted(value, escapingDollars: true)
    }

    /// `value` in double quotes with systemd's escapes: `\` and `"` backslashed, `%`
    /// (specifiers) doubled, and `$` doubled where variables would be expanded.
    static func quoted(_ value: String, escapingDollars: Bool) -> String {
        var text = ""
        for character in value {
            switch character {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "%": text += "%%"
            case "$" where escapingDollars: text += "$$"
            case "\n": text += "\\n"
            default: text.append(character)
            }
        }
        return "\"\(text)\""
    }
}

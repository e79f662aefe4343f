import Foundation
import Yams

extension IncantConfiguration {
    /// Reads the `mqtt:` mapping, reporting each bad key with its line; nil when it is unusable.
    static func mqtt(
        _ node: Node, key keyNode: Node, reader: inout YAMLReader, folder: String, paths: IncantPaths
    ) -> MQTTConfiguration? {
        guard let entries = reader.mapping(node, what: "'mqtt'") else { return nil }
        reader.checkKeys(entries, allowed: MQTTConfiguration.keys, what: "'mqtt'")
        let before = reader.diagnostics.count
        var host: String?
        var configuration = MQTTConfiguration(host: "")
        func text(_ value: Node, _ key: String) -> String? {
            guard let text = reader.string(value, what: "'mqtt.\(key)'") else { return nil }
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                reader.error(value, "'mqtt.\(key)' must not be empty")
                return nil
            }
            return text
        }
        for (key, _, value) in entries {
            switch key {
            case "host":
                host = text(value, key)
                if let name = host, name.contains(where: { $0.isWhitespace || $0 == "/" }) {
                    reader.error(value, "'mqtt.host' must be a host name or address, not '\(name)'")
                }
            case "port":
                guard let port = value.int, (1...65_535).contains(port) else {
                    reader.error(value, "'mqtt.port' must be a whole number from 1 to 65535")
                    continue
                }
                configuration.port = port
            case "username": configuration.username = text(value, key)
            case "password-file":
                configuration.passwordFile = text(value, key).map { resolve($0, folder: folder, paths: paths) }
            case "tls": configuration.tls = tls(value, reader: &reader, folder: folder, paths: paths)
            case "site":
                guard let site = text(value, key) else { continue }
                if let problem = MQTTConfiguration.problem(site: site) {
                    reader.error(value, "'mqtt.site' \(problem)")
                    continue
                }
                configuration.site = site
            case "topic-prefix":
                guard let prefix = text(value, key) else { continue }
                if let problem = MQTTConfiguration.problem(prefix: prefix) {
                    reader.error(value, "'mqtt.topic-prefix' \(problem)")
                    continue
                }
                configuration.topicPrefix = prefix
            default: break
            }
        }
        if host == nil, !entries.contains(where: { $0.key == "host" }) {
            reader.error(keyNode, "'mqtt' needs a 'host' (the broker's host name or address)")
        }
        if configuration.username == nil, configuration.passwordFile != nil,
            let entry = entries.first(where: { $0.key == "password-file" })
        {
            reader.error(entry.keyNode, "'mqtt.password-file' needs a 'username'")
        }
        guard reader.diagnostics.count == before, let host else { return nil }
        configuration.host = host
        return configuration
    }

    /// `tls: true`, `tls: false` or `tls: { ca-file: FILE }`.
    private static func tls(
        _ node: Node, reader: inout YAMLReader, folder: String, paths: IncantPaths
    ) -> MQTTConfiguration.TLS? {
        if case .scalar(let scalar) = node {
            guard let enabled = YAMLReader.boolean(scalar) else {
                reader.error(node, "'mqtt.tls' must be true, false or a mapping with 'ca-file'")
                return nil
            }
            return enabled ? MQTTConfiguration.TLS() : nil
        }
        guard let entries = reader.mapping(node, what: "'mqtt.tls'") else { return nil }
        reader.checkKeys(entries, allowed: ["ca-file"], what: "'mqtt.tls'")
        var tls = MQTTConfiguration.TLS()
        for (key, _, value) in entries where key == "ca-file" {
            guard let file = reader.string(value, what: "'mqtt.tls.ca-file'") else { continue }
            guard !file.isEmpty else {
                reader.error(value, "'mqtt.tls.ca-file' must not be empty")
                continue
            }
            tls.caFile = resolve(file, folder: folder, paths: paths)
        }
        return tls
    }

    /// `file` with a leading `~` expanded, relative to `folder` unless absolute.
    private static func resolve(_ file: String, folder: String, paths: IncantPaths) -> String {
        let expanded = paths.expandingTilde(file)
        return expanded.hasPrefix("/") ? expanded : (folder as NSString).appendingPathComponent(expanded)
    }
}

import IncantPhrases
import Testing

@Suite("HTTP handler definitions")
struct HTTPDefinitionTests {
    @Test("A full http handler reads into its spec, values typed as YAML writes them")
    func readsSpec() throws {
        let yaml = """
            shortcuts:
              - id: lights-off
                parameters:
                  - name: room
                  - name: level
                    type: integer
                phrases: ["lights off in {room}"]
                responses:
                  failureNoSuchLight: "There is no light in the {room}."
                handle:
                  http:
                    url: "http://homeassistant.local:8123/api/services/light/turn_off?r={room}&again={room}"
                    headers: {X-Room: "{room}"}
                    json: {entity_id: "light.{room}", brightness: "{level}", transition: 2, flash: no, note: "5", x: ~}
                    token_file: ~/.config/incant/ha.token
                    status: {404: failureNoSuchLight, 5xx: failure}
                    code_from: /result/code
                    dialog_from: speech
                  timeout: 4
            """
        let result = DefinitionLoader.parse(yaml, file: "/defs/lights.yaml")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let shortcut = try #require(result.shortcuts.first)
        guard case .http(let spec)? = shortcut.handle else {
            Issue.record("handle is \(String(describing: shortcut.handle))")
            return
        }
        #expect(spec.method == "POST")
        #expect(spec.timeout == .seconds(4))
        #expect(spec.headers == [.init(name: "X-Room", value: "{room}")])
        #expect(spec.token == .file(path: "~/.config/incant/ha.token", baseDirectory: "/defs"))
        #expect(spec.tokenHeader == "Authorization")
        #expect(spec.code(forStatus: 404) == "failureNoSuchLight")
        #expect(spec.code(forStatus: 503) == "failure")
        #expect(spec.code(forStatus: 400) == nil)
        #expect(spec.codeFrom?.tokens == ["result", "code"])
        #expect(spec.dialogFrom?.tokens == ["speech"])
        #expect(
            spec.json
                == .object([
                    .init(key: "entity_id", value: .string("light.{room}")),
                    .init(key: "brightness", value: .string("{level}")),
                    .init(key: "transition", value: .integer(2)),
                    .init(key: "flash", value: .boolean(false)),
                    .init(key: "note", value: .string("5")),
                    .init(key: "x", value: .null),
                ]))
    }

    @Test("A GET without a body by default; JSON pointers unescape ~0 and ~1")
    func defaults() throws {
        let yaml = """
            shortcuts:
              - id: status
                phrases: ["status"]
                handle: {http: {url: "https://example.org/status", dialog_from: "/a~1b/~0c/0"}}
            """
        let shortcut = try #require(DefinitionLoader.parse(yaml, file: "s.yaml").shortcuts.first)
        guard case .http(let spec)? = shortcut.handle else {
            Issue.record("handle is \(String(describing: shortcut.handle))")
            return
        }
        #expect(spec.method == "GET")
        #expect(spec.json == nil)
        #expect(spec.timeout == HandlerSpec.defaultTimeout)
        #expect(spec.dialogFrom?.tokens == ["a/b", "~c", "0"])
    }

    @Test("Every mistake in an http handler is reported with its file and line")
    func reportsMistakes() {
        let yaml = """
            shortcuts:
              - id: bad
                parameters: [{name: room}]
                phrases: ["bad {room}"]
                handle:
                  http:
                    url: "http://{room}.local/api"
                    method: FETCH
                    headers:
                      Authorization: "Bearer abc"
                      X-Thing: "{colour}"
                    json: {entity: "light.{lamp}"}
                    token: "abc"
                    status: {404: failureUndeclared, 6xx: failure}
                    dialog_from: "/a~2"
              - id: bad-too
                phrases: ["bad too"]
                confirm:
                  http: {url: "ftp://example.org/x", json: {a: 1}, method: GET, token_file: a, token_env: B}
                handle:
                  http: {url: "https://example.org/x", token_header: X-Key, timeout: 3}
              - id: good
                phrases: ["good"]
                handle: {http: {url: "https://example.org/ok"}}
            """
        let result = DefinitionLoader.parse(yaml, file: "bad.yaml")
        let errors = result.diagnostics.filter { $0.severity == .error }.map(\.description)
        func has(_ line: Int, _ text: String) -> Bool {
            errors.contains { $0.hasPrefix("bad.yaml:\(line):") && $0.contains(text) }
        }
        #expect(has(7, "must name its host literally"), "\(errors)")
        #expect(has(8, "unknown method 'FETCH'"), "\(errors)")
        #expect(has(10, "carries the token"), "\(errors)")
        #expect(has(11, "unknown parameter {colour}"), "\(errors)")
        #expect(has(12, "unknown parameter {lamp}"), "\(errors)")
        #expect(has(13, "a token is never written in the definition"), "\(errors)")
        #expect(has(14, "'failureUndeclared', which is neither a built-in code nor declared"), "\(errors)")
        #expect(has(14, "'6xx' is not an HTTP status"), "\(errors)")
        #expect(has(15, "'dialog_from' must be a JSON pointer"), "\(errors)")
        #expect(has(19, "must start with http:// or https://"), "\(errors)")
        #expect(has(19, "a GET request cannot carry a 'json' body"), "\(errors)")
        #expect(has(19, "give 'token_file' or 'token_env', not both"), "\(errors)")
        #expect(has(21, "'token_header' needs 'token_file' or 'token_env'"), "\(errors)")
        #expect(has(21, "put 'timeout' beside 'http'"), "\(errors)")
        #expect(result.shortcuts.map(\.id) == ["good"])
    }

    @Test("'timeout' is for run and http handlers only; http is one of the handler kinds")
    func handlerKinds() {
        let yaml = """
            shortcuts:
              - id: both
                phrases: ["both"]
                handle: {http: {url: "https://example.org"}, run: ["./x"]}
              - id: opener
                phrases: ["opener"]
                handle: {open: "https://example.org", timeout: 3}
            """
        let errors = DefinitionLoader.parse(yaml, file: "k.yaml").diagnostics.map(\.description)
        #expect(
            errors.contains {
                $0.hasPrefix("k.yaml:4:") && $0.contains("exactly one of run, open, swift or http (found run, http)")
            }, "\(errors)")
        #expect(
            errors.contains {
                $0.hasPrefix("k.yaml:7:") && $0.contains("'timeout' applies to 'run' and 'http' handlers only")
            }, "\(errors)")
    }
}

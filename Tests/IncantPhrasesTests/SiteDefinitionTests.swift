import Foundation
import Testing

@testable import IncantPhrases

/// `sites:` in definitions, and `site:`, `satellites:` and `tts:` in the configuration.
@Suite("Sites and satellites in definitions and configuration")
struct SiteDefinitionTests {
    static let paths = IncantPaths(environment: ["HOME": "/home/ann"])

    @Test func shortcutsAndPhrasesAreLimitedToSites() throws {
        let yaml = """
            shortcuts:
              - id: oven
                title: Preheat the oven
                sites: [kitchen, dining-room]
                phrases:
                  - "preheat the oven"
                  - phrase: "heat it up"
                    sites: [kitchen]
              - id: lights
                phrases: ["lights on"]
                responses: { success: "Done." }
            """
        let result = DefinitionLoader.parse(yaml, file: "/d/home.yaml")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let oven = try #require(result.shortcuts.first)
        #expect(oven.sites?.sites == ["kitchen", "dining-room"])
        #expect(oven.phrases.map(\.text) == ["preheat the oven", "heat it up"])
        #expect(oven.phrases[0].sites == nil)
        #expect(oven.phrases[1].sites?.sites == ["kitchen"])
        #expect(oven.phrases[1].location.line == 7)
        #expect(result.shortcuts.last?.sites == nil)
        #expect(SiteRestriction(["kitchen"]).allows("kitchen"))
        #expect(!SiteRestriction(["kitchen"]).allows("bedroom"))
        #expect(!SiteRestriction(["kitchen"]).allows(nil))
    }

    @Test func badSitesAreErrorsNamingFileAndLine() {
        let yaml = """
            shortcuts:
              - id: oven
                sites: [kitchen]
                phrases:
                  - phrase: "heat it up"
                    sites: [bedroom]
                responses: { success: "Done." }
              - id: fan
                sites: ["living room"]
                phrases: ["fan on"]
                responses: { success: "Done." }
              - id: empty
                sites: []
                phrases: ["empty"]
                responses: { success: "Done." }
              - id: where
                parameters: [{name: site, type: text}]
                phrases: ["where"]
                responses: { success: "Done." }
              - id: nophrase
                phrases:
                  - sites: [kitchen]
                responses: { success: "Done." }
              - id: fine
                phrases: ["fine"]
                responses: { success: "Done." }
            """
        let result = DefinitionLoader.parse(yaml, file: "/d/home.yaml")
        let errors = result.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(
            errors.contains {
                $0.hasPrefix("/d/home.yaml:6:") && $0.contains("is for bedroom")
                    && $0.contains("its sites: kitchen")
            }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("/d/home.yaml:9:") && $0.contains("invalid site name 'living room'") })
        #expect(errors.contains { $0.hasPrefix("/d/home.yaml:13:") && $0.contains("at least one site") })
        #expect(errors.contains { $0.contains("parameter name 'site' is reserved") && $0.contains("INCANT_SITE") })
        #expect(errors.contains { $0.hasPrefix("/d/home.yaml:22:") && $0.contains("needs 'phrase:'") })
        // One bad shortcut never disables the rest.
        #expect(result.shortcuts.map(\.id) == ["fine"])
    }

    @Test func configurationReadsSiteSatellitesAndTextToSpeech() throws {
        let text = """
            site: office
            satellites:
              - {name: kitchen-pi, uri: "tcp://192.168.1.20:10700", site: kitchen}
              - name: bedroom-pi
                uri: "tcp://[::1]:10701"
                site: bedroom
            tts: {uri: "tcp://127.0.0.1:10200"}
            """
        let configuration = try IncantConfiguration(parsing: text, file: "/c/config.yaml", paths: Self.paths)
        #expect(configuration.site == "office")
        #expect(configuration.satellites.map(\.name) == ["kitchen-pi", "bedroom-pi"])
        #expect(configuration.satellites.map(\.site) == ["kitchen", "bedroom"])
        #expect(configuration.satellites[0].address == WyomingAddress(host: "192.168.1.20", port: 10700))
        #expect(configuration.satellites[1].address == WyomingAddress(host: "::1", port: 10701))
        #expect(configuration.satellites[1].address.description == "tcp://[::1]:10701")
        #expect(configuration.satellites[1].location.line == 4)
        #expect(configuration.textToSpeech == WyomingAddress(host: "127.0.0.1", port: 10200))
    }

    @Test func badSatellitesAreErrorsNamingFileAndLine() {
        let text = """
            site: "front door"
            satellites:
              - {name: a, uri: "http://x:1", site: kitchen}
              - {name: b, site: kitchen}
              - {name: c, uri: "tcp://h:99999", site: kitchen}
              - {name: d, uri: "tcp://h:1", site: "two words"}
              - {name: e, uri: "tcp://h:1", site: kitchen, colour: red}
              - {name: e, uri: "tcp://h:2", site: kitchen}
            tts: {url: "tcp://h:1"}
            """
        do {
            _ = try IncantConfiguration(parsing: text, file: "/c/config.yaml", paths: Self.paths)
            Issue.record("a configuration with bad satellites was accepted")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(
                lines.contains { $0.hasPrefix("/c/config.yaml:1:") && $0.contains("invalid site name 'front door'") })
            #expect(lines.contains { $0.hasPrefix("/c/config.yaml:3:") && $0.contains("only tcp://HOST:PORT") })
            #expect(lines.contains { $0.hasPrefix("/c/config.yaml:4:") && $0.contains("needs 'uri'") })
            #expect(lines.contains { $0.hasPrefix("/c/config.yaml:5:") && $0.contains("99999") })
            #expect(lines.contains { $0.hasPrefix("/c/config.yaml:6:") && $0.contains("'two words'") })
            #expect(lines.contains { $0.hasPrefix("/c/config.yaml:7:") && $0.contains("unknown key 'colour'") })
            #expect(lines.contains { $0.hasPrefix("/c/config.yaml:8:") && $0.contains("configured twice") })
            #expect(lines.contains { $0.hasPrefix("/c/config.yaml:9:") && $0.contains("'tts' needs 'uri'") })
        }
    }
}

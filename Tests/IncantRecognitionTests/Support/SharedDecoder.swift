import Foundation
import IncantCapture
import IncantRecognition

/// One decoder for the whole test process: loading the model takes about a second, and
/// reusing a warm decoder across utterances is exactly what production does.
enum SharedDecoder {
    static let coffeeGrammar = """
        #JSGF V1.0;
        grammar coffee;
        public <order> = [<request>] [a | an] <part>+ [with <extra> [and <extra>]];
        <request> = brew | can i get | can i have | i want | get me | give me | i'd like | make me | may i have;
        <part> = small | medium | large | (eight | twelve | sixteen | twenty) ounce
            | (light | medium | dark) roast | (single | double | triple) shot
            | americano | cappuccino | espresso | latte | mocha | coffee | iced | drip | house;
        <extra> = [<amount>] [skim | whole | soy | almond | brown] (milk | cream | sugar | sweetener);
        <amount> = a little bit of | a bit of | some | a lot of | lots of;
        """

    static let homeGrammar = """
        #JSGF V1.0;
        grammar home;
        public <command> = turn (on | off) the (kitchen | bedroom | living room) lights
            | what time is it
            | play some music;
        """

    /// The decoder with the `coffee` and `home` grammars and the phone loop loaded,
    /// or the error that prevented it.
    static let decoder: Result<PocketSphinxDecoder, any Error> = Result {
        let decoder = try PocketSphinxDecoder()
        try decoder.loadGrammar(jsgf: coffeeGrammar, named: "coffee")
        try decoder.loadGrammar(jsgf: homeGrammar, named: "home")
        try decoder.loadPhoneLoop()
        return decoder
    }

    /// True when the Debian model is installed (tests that decode need it).
    static let modelIsInstalled = (try? PocketSphinxModel.locate()) != nil
}

/// The shared speech data, at `../shared` beside the repository.
enum SharedSpeech {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let coffeeDirectory = repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/speech/coffee")
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: coffeeDirectory.appendingPathComponent("labels.json").path)
    }

    /// The labelled slot values of one coffee clip.
    static func slots(of clip: String) throws -> [String: String] {
        let data = try Data(contentsOf: coffeeDirectory.appendingPathComponent("labels.json"))
        let labels = try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
        let slots = labels?[clip]?["slots"] as? [String: String] ?? [:]
        return slots.mapValues { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func samples(of clip: String) throws -> [Int16] {
        try WAVFile.readSamples(path: coffeeDirectory.appendingPathComponent("clean/\(clip)").path)
    }
}

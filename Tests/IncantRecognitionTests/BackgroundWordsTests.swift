import Foundation
import IncantCapture
import IncantPhrases
import IncantRoomMixing
import IncantSpeech
import IncantTestSupport
import Testing

@testable import IncantRecognition

/// Real orders in kitchen noise heard with a slot value nobody said: after the speaker stops,
/// the search carried the order on into the noise. Those words lie at the level of the sound
/// around the speaker (``AcceptancePolicy/backgroundRun(_:)``), so the order runs nothing; asked
/// about, it is the order without them. Behind other people talking, level alone cannot tell
/// the speaker's last words from theirs, and none are looked for.
@Suite("Background words in real rooms", .serialized, .tags(.accuracy), .skippedWhenFast)
struct BackgroundWordsTests {
    /// Orders of `incant-bench levers --stride 3 --clips 6dB` run before with a slot value their
    /// label does not name, and the words heard in the background.
    static let kitchen = [
        "7c9e49da-e7c6-4fdb-8ffd-ffb69ea1a5da.wav": "with milk",
        "8a92c476-050d-4b5b-911e-24b661a5b69f.wav": "with milk",
    ]

    struct Rooms {
        let catalog: PhraseCatalog
        let shipped: SpeechInterpreter
        let without: SpeechInterpreter
        let orders: [(name: String, samples: [Int16], slots: [String: String])]

        init() throws {
            catalog = try RealRoomAcceptanceTests.coffeeCatalog()
            let options = try VoicedBackgroundTests.shippedOptions()
            var off = options
            off.acceptance.backgroundRunGap = nil
            let matcher = PhraseMatcher(catalog: catalog)
            shipped = SpeechInterpreter(
                recognizer: try GrammarRecognizer(catalog: catalog, options: options), matcher: matcher)
            without = SpeechInterpreter(
                recognizer: try GrammarRecognizer(catalog: catalog, options: off), matcher: matcher)
            orders = try VoicedBackgroundTests.everyThirdOrder()
        }

        /// Checks one mixed order: run with an unsaid slot without the check; shipped, the words
        /// are background words, nothing runs, and the question is about the order without them.
        func check(_ mixed: [Int16], name: String, slots: [String: String], background: String) throws {
            let before = without.interpret(try without.recognizer.recognizeSynchronously(mixed))
            let ran = try #require(before.accepted, "\(name): not run without the check (\(before.reason))")
            #expect(
                ran.parameters.keys.contains { slots[$0] == nil }, "\(name): \"\(ran.transcript)\" said as labelled")
            let recognition = try shipped.recognizer.recognizeSynchronously(mixed)
            #expect(
                recognition.backgroundWords?.words == background,
                "\(name): \(String(describing: recognition.backgroundWords))")
            let decided = shipped.interpret(recognition)
            #expect(decided.accepted == nil, "\(name): run as \"\(recognition.transcript)\"")
            guard case .rejected(.inBackground) = decided.decision else {
                Issue.record("\(name): \(decided.decision)")
                return
            }
            let asked = shipped.interpret(recognition, confirming: true)
            guard case .unconfirmed(let candidate) = asked.decision else {
                Issue.record("\(name): not asked about: \(asked.decision)")
                return
            }
            #expect(candidate.transcript == recognition.backgroundWords?.remainder)
            #expect(
                !candidate.parameters.keys.contains { slots[$0] == nil },
                "\(name): asked about \"\(candidate.transcript)\", which still holds a slot value nobody said")
        }
    }

    @Test("in kitchen noise at 6 dB, a slot value carried on into the noise is asked about, not run")
    func kitchenNoise() throws {
        let rooms = try Rooms()
        let noise = NoiseMixer(noise: try WAVFile.readSamples(path: NoiseRejectionTests.noise.path))
        for (index, order) in rooms.orders.enumerated() {
            guard let background = Self.kitchen[order.name] else { continue }
            // `levers` seeds each clip's noise with its index among all the orders.
            let mixed = noise.mix(order.samples, snr: 6, seed: NoiseMixer.coffeeSeed &+ UInt64(index * 3))
            try rooms.check(mixed, name: order.name, slots: order.slots, background: background)
        }
    }

    /// Right orders of `levers --stride 3 --offset 1 --clips steadyBabble9dB` whose last words
    /// sink to the talkers' level: heard in the background when the surroundings' voicing is
    /// not looked at.
    static let sinking = [
        "609d9524-df0d-44f3-a600-17404afc7771.wav", "87104fc9-f72e-4940-b66f-6078a933c685.wav",
        "3135ac62-c1f0-4bb9-97ff-56e378adb2c1.wav",
    ]

    @Test(
        "behind a babble that never falls silent, a speaker's own last words at the talkers' level are no background words"
    )
    func steadyBabble() throws {
        let rooms = try Rooms()
        let catalog = rooms.catalog
        var anyVoicing = try VoicedBackgroundTests.shippedOptions()
        anyVoicing.acceptance.backgroundRunVoicing = nil
        let unguarded = try GrammarRecognizer(catalog: catalog, options: anyVoicing)
        for order in try VoicedBackgroundTests.behindSteadyBabble(Self.sinking, offset: 1) {
            let mixed = order.mixed
            // Their level alone would take the speaker's last words for the talkers'...
            let unguardedHeard = try unguarded.recognizeSynchronously(mixed)
            #expect(unguardedHeard.backgroundWords != nil, "\(order.name): \"\(unguardedHeard.transcript)\"")
            // ...but the surroundings are voiced, so none are looked for, and the order is decided
            // as without the check.
            let recognition = try rooms.shipped.recognizer.recognizeSynchronously(mixed)
            let evidence = try #require(recognition.evidence)
            #expect(evidence.outsideVoicing >= (anyVoicing.acceptance.backgroundRunVoicing ?? 0.3))
            #expect(
                recognition.backgroundWords == nil, "\(order.name): \(String(describing: recognition.backgroundWords))")
            let shipped = rooms.shipped.interpret(recognition)
            let before = rooms.without.interpret(try rooms.without.recognizer.recognizeSynchronously(mixed))
            #expect(shipped.accepted?.transcript == before.accepted?.transcript, "\(order.name)")
            #expect(shipped.accepted?.parameters == before.accepted?.parameters, "\(order.name)")
        }
    }

    @Test("orders said in a quiet room are never heard with background words")
    func cleanOrders() throws {
        let rooms = try Rooms()
        // Every 9th order: a third of those above.
        for order in rooms.orders.enumerated().filter({ $0.offset % 3 == 0 }).map(\.element) {
            let recognition = try rooms.shipped.recognizer.recognizeSynchronously(order.samples)
            #expect(recognition.backgroundWords == nil, "\(order.name): \"\(recognition.transcript)\"")
        }
    }
}

import Foundation
import IncantTestSupport
import Testing

/// `--front-end`: the denoisers installed by scripts/setup.sh, in front of `listen`, `recognize` and `spot`.
@Suite("--front-end", .tags(.slow), .skippedWhenFast)
struct FrontEndOptionTests {
    @Test(arguments: ["deepfilternet", "rnnoise"])
    func listenHearsTheShortcutThroughADenoiser(frontEnd: String) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["order three four cheese pizzas"], in: cli.home)
        let log = cli.home.appendingPathComponent("orders.log").path
        let result = try await cli.run(
            [
                "listen", "--file", audio, "--once", "--json", "--front-end", frontEnd, "--front-end-bypass", "off",
                "--shortcuts", CLIRunner.demo,
            ],
            extraEnvironment: ["PIZZERIA_LOG": log])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["shortcut"] as? String == "order-pizza")
        #expect(CLIRunner.texts(json["parameters"]) == ["count": "3", "kind": "four cheese"])
    }

    @Test func recognizeHearsEachFileThroughADenoiser() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["order three four cheese pizzas"], in: cli.home)
        let result = try await cli.run(
            [
                "recognize", audio, audio, "--json", "--front-end", "deepfilternet", "--front-end-bypass", "off",
                "--shortcuts", CLIRunner.demo,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(lines.count == 2)
        #expect(lines.first?["shortcut"] as? String == "order-pizza")
        // Each file is a stream of its own: the second is heard exactly as the first.
        for key in ["transcript", "confidence", "acousticConfidence", "scoreMargin"] {
            #expect("\(lines.first?[key] ?? "")" == "\(lines.last?[key] ?? "")", "\(key)")
        }
    }

    /// The default front end only where there is noise: a recording from a quiet room is heard
    /// as it came (it is still cut from the denoised stream, so it fits the phrase as it does
    /// with no front end, not as through the denoiser), the same recording over steady noise
    /// exactly as through the denoiser always.
    @Test func recognizeHearsAQuietRoomAsItCameAndANoisyOneThroughTheDenoiser() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["order three four cheese pizzas"], in: cli.home)
        let noise = cli.home.appendingPathComponent("noise.wav").path
        let noisy = cli.home.appendingPathComponent("noisy.wav").path
        try TestProcess.sox([audio, noise, "synth", "brownnoise", "vol", "0.3"])
        try TestProcess.sox(["-m", audio, noise, noisy])
        /// The transcript and how far the phrase fits below the phone loop.
        func decided(_ file: String, _ options: [String]) async throws -> (String, Double) {
            let result = try await cli.run(["recognize", file, "--json", "--shortcuts", CLIRunner.demo] + options)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try result.json()
            return (json["transcript"] as? String ?? "", try #require(json["scoreMargin"] as? Double))
        }
        let quiet = try await decided(audio, [])
        let plain = try await decided(audio, ["--front-end", "identity"])
        let denoised = try await decided(audio, ["--front-end-bypass", "off"])
        #expect(quiet.0 == "order three four cheese pizzas")
        #expect(abs(quiet.1 - plain.1) < abs(quiet.1 - denoised.1), "\(quiet) \(plain) \(denoised)")
        let loud = try await decided(noisy, [])
        let loudDenoised = try await decided(noisy, ["--front-end-bypass", "off"])
        #expect(loud == loudDenoised)
        #expect(loud != (try await decided(noisy, ["--front-end", "identity"])))
        let wrong = try await cli.run(["recognize", audio, "--front-end-bypass", "loud", "--shortcuts", CLIRunner.demo])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("--front-end-bypass loud"), "\(wrong.stderr)")
    }

    /// A microphone with its gain turned down (the recording 40 dB quieter): the default
    /// denoiser took its speech for noise. `recognize` raises a quiet file before the front
    /// end; `listen` raises the stream before the denoiser and brings it back after.
    @Test func aQuietMicrophoneIsHeardThroughTheDefaultDenoiser() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["order three four cheese pizzas"], in: cli.home)
        let quiet = cli.home.appendingPathComponent("quiet.wav").path
        try TestProcess.sox([audio, quiet, "gain", "-40"])
        let recognized = try await cli.run(["recognize", quiet, "--json", "--shortcuts", CLIRunner.demo])
        #expect(recognized.status == 0, "\(recognized.stderr)")
        let report = try recognized.json()
        #expect(report["shortcut"] as? String == "order-pizza", "\(report)")
        #expect(CLIRunner.texts(report["parameters"]) == ["count": "3", "kind": "four cheese"])
        let log = cli.home.appendingPathComponent("orders.log").path
        let listened = try await cli.run(
            ["listen", "--file", quiet, "--once", "--json", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["PIZZERIA_LOG": log])
        // Heard: the order, run or asked about ("three or four?": how close a rival comes can
        // depend on the decodes begun before the utterance closed).
        #expect(listened.status == 0 || listened.status == 2, "\(listened.stderr)")
        #expect(try listened.json()["transcript"] as? String == "order three four cheese pizzas", "\(listened.stdout)")
    }

    @Test("spot hears each file through the front end, as listen hears the microphone")
    func spotHearsEachFileThroughTheFrontEnd() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["hello there", "computer", "what a nice day"], in: cli.home)
        let denoised = try await cli.run([
            "spot", "--wake", "computer", "--json", "--front-end", "deepfilternet", audio, audio,
        ])
        #expect(denoised.status == 0, "\(denoised.stderr)")
        let lines = try denoised.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(lines.count == 2)
        let found = lines.map { ($0["detections"] as? [[String: Any]]) ?? [] }
        #expect(found.map(\.count) == [1, 1], "\(denoised.stdout)")
        // Each file is a stream of its own: the second is heard exactly as the first.
        for key in ["start", "end", "confidence"] {
            let first = try #require(found.first?.first?[key] as? Double)
            #expect(first == found.last?.first?[key] as? Double, "\(key)")
        }
        let plain = try await cli.run(["spot", "--wake", "computer", "--json", "--front-end", "identity", audio])
        let heard = try #require((try plain.json()["detections"] as? [[String: Any]])?.first)
        let start = try #require(found.first?.first?["start"] as? Double)
        // The denoiser's output lines up with its input: the word is found in the same place.
        #expect(abs(start - (heard["start"] as? Double ?? -10)) < 0.2)
        // And spot loads the front end it is given: a missing installation is named.
        let missing = cli.home.appendingPathComponent("no-denoisers").path
        let failed = try await cli.run(
            ["spot", "--wake", "computer", "--front-end", "rnnoise", audio],
            extraEnvironment: ["INCANT_DENOISE_DIR": missing])
        #expect(failed.status == 66)
        #expect(failed.stderr.contains(missing))
    }

    @Test func anUnknownFrontEndIsAUsageError() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run([
            "recognize", "/dev/null", "--front-end", "speex", "--shortcuts", CLIRunner.demo,
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown front end \"speex\""))
        #expect(result.stderr.contains("deepfilternet"))
    }

    @Test func aMissingInstallationNamesThePath() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let missing = cli.home.appendingPathComponent("no-denoisers").path
        let result = try await cli.run(
            ["recognize", "/dev/null", "--front-end", "rnnoise", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["INCANT_DENOISE_DIR": missing])
        #expect(result.status == 66)
        #expect(result.stderr.contains(missing))
        #expect(result.stderr.contains("scripts/setup.sh"))
    }

    @Test func withoutTheDefaultDenoiserInstalledAudioIsHeardAsItComes() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let audio = try await Speech.recording(["order three four cheese pizzas"], in: cli.home)
        let missing = cli.home.appendingPathComponent("no-denoisers").path
        let result = try await cli.run(
            ["recognize", audio, "--json", "--shortcuts", CLIRunner.demo],
            extraEnvironment: ["INCANT_DENOISE_DIR": missing])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: default front end") && result.stderr.contains(missing))
        #expect(try result.json()["shortcut"] as? String == "order-pizza")
    }
}

/// `--high-pass`: a microphone's DC offset and mains hum are taken away before anything hears
/// the audio, so a recording with them is decided as the same recording without.
@Suite("--high-pass", .tags(.slow), .skippedWhenFast)
struct HighPassOptionTests {
    @Test func aDCOffsetOrHumIsDecidedAsTheCleanRecording() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let clean = try await Speech.recording(["set a timer for five minutes"], in: cli.home)
        let (offset, hum) = try Speech.withOffsetAndHum(clean, in: cli.home)
        func decided(_ files: [String], _ options: [String]) async throws -> [[String: Any]] {
            let result = try await cli.run(["recognize", "--json", "--shortcuts", CLIRunner.demo] + options + files)
            #expect(result.status == 0, "\(result.stderr)")
            return try result.stdout.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        }
        let heard = try await decided([clean, offset, hum], [])
        try #require(heard.count == 3)
        #expect(heard[0]["shortcut"] as? String == "set-timer", "\(heard[0])")
        for (file, line) in zip(["offset", "hum"], heard.dropFirst()) {
            for key in ["transcript", "accepted", "shortcut"] {
                #expect("\(line[key] ?? "")" == "\(heard[0][key] ?? "")", "\(file): \(key)")
            }
            #expect(CLIRunner.texts(line["parameters"]) == CLIRunner.texts(heard[0]["parameters"]), "\(file)")
        }
        // The filter changes nothing a clean recording needs, and "off" is taken.
        let unfiltered = try await decided([clean], ["--high-pass", "off"])
        #expect(unfiltered.first?["transcript"] as? String == heard[0]["transcript"] as? String)
        let refused = try await cli.run(["recognize", "--high-pass", "10k", "--shortcuts", CLIRunner.demo, clean])
        #expect(refused.status != 0 && refused.stderr.contains("--high-pass 10k"), "\(refused.stderr)")
    }
}

/// A microphone whose gain is set too high: `recognize` runs nothing from clipped speech, and
/// says why and what to do.
@Suite("An overdriven microphone", .tags(.slow), .skippedWhenFast)
struct OverdrivenMicrophoneTests {
    @Test func clippedSpeechIsRejectedWithTheReason() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let clean = try await Speech.recording(["set a timer for five minutes"], in: cli.home)
        let full = cli.home.appendingPathComponent("full.wav").path
        let overdriven = cli.home.appendingPathComponent("overdriven.wav").path
        try TestProcess.sox([clean, full, "gain", "-n", "-0.1"])
        try TestProcess.sox([clean, overdriven, "gain", "-n", "36"])
        let result = try await cli.run(["recognize", "--json", "--shortcuts", CLIRunner.demo, full, overdriven])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        try #require(lines.count == 2)
        #expect(lines[0]["shortcut"] as? String == "set-timer", "\(lines[0])")
        #expect(lines[1]["accepted"] as? Bool == false, "\(lines[1])")
        #expect(lines[1]["shortcut"] == nil)
        let reason = lines[1]["reason"] as? String ?? ""
        #expect(reason.contains("clipped") && reason.contains("capture gain"), "\(reason)")
        let evidence = lines[1]["evidence"] as? [String: Any]
        #expect((evidence?["clippedShare"] as? Double ?? 0) > 0.2, "\(String(describing: evidence))")
        // The limit is a setting: off decides the clipped speech on what was heard, as before.
        let unlimited = try await cli.run([
            "recognize", "--json", "--clipped-limit", "off", "--shortcuts", CLIRunner.demo, overdriven,
        ])
        #expect(unlimited.status == 0, "\(unlimited.stderr)")
        #expect(!unlimited.stdout.contains("clipped "), "\(unlimited.stdout)")
        let refused = try await cli.run(["recognize", "--clipped-limit", "150", "--shortcuts", CLIRunner.demo, full])
        #expect(refused.status != 0 && refused.stderr.contains("--clipped-limit 150"), "\(refused.stderr)")
    }
}

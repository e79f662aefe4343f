import Foundation

/// Renders ``SpeechResults`` as Markdown: accuracy, false accepts, speed and memory, scaling.
struct SpeechReport {
    let results: SpeechResults
    let plan: SpeechBenchmarkPlan
    let command: String

    func markdown() -> String {
        var lines: [String] = []
        let data = results.dataSummary
        lines += [
            "# Speech: accuracy, false accepts and speed against phrase sets",
            "",
            "Command: `\(command)` (release build: `swift build -c release --product incant-bench`; run time \(minutes(results.runSeconds)); "
                + "\(ProcessInfo.processInfo.activeProcessorCount) cores shared with other work, so absolute times are "
                + "noisy; \(plan.workers) worker threads decode different clips at once, each with its own recognizers). "
                + "Sources: \(results.provenance).",
            "",
            "Systems, all in the same run on the same audio:",
            "- **Incant**: `RecognizerOptions()` defaults (minimal deterministic word graph (FSG), its tuned decoder "
                + "settings, phone-loop acoustic acceptance, the best transcript through the phrase matcher), plus the "
                + "project's `models/dictionary.dict` (as `incant` reads it).",
            "- **JSGF baseline**: pocketsphinx with the plain JSGF union of the same phrases and its default settings "
                + "(default beams, `-bestpath yes`, running cepstral mean, no N-best), no phone loop, no rejection: "
                + "the 1-best transcript is accepted and parsed for parameters.",
            "- **LM + match**: pocketsphinx's generic `en-us.lm.bin` (same plain settings) transcribes, then the "
                + "phrase matcher picks the best text match (default threshold 0.6). It is slow, so it runs on "
                + "\(every(plan.dictationStride)) of a set, and "
                + (plan.dictationSNRs.isEmpty
                    ? "not on the noisy conditions."
                    : "among the noisy conditions only at "
                        + plan.dictationSNRs.map { "\(Int($0)) dB" }.joined(separator: ", ") + "."),
            "",
            "Data: \(data["coffee clips"] ?? 0) real coffee orders (Picovoice speech-to-intent clips, phrases converted "
                + "from its `context.yaml` by `RhinoContext`), all systems on "
                + "\(every(plan.cleanComparisonStride)) (also the negatives against the home set), Incant alone on all; "
                + "kitchen noise mixed into "
                + every(plan.noisyClipStride)
                + " at each SNR (Picovoice's method: loudest 2048-sample frame energy ratio, peak normalized to 0.5, "
                + "fixed seed), and at "
                + plan.noisyNegativeSNRs.map { "\(Int($0)) dB" }.joined(separator: ", ")
                + " also decoded against the home set (negatives); \(data["home sentences"] ?? 0) home-automation sentences "
                + "(`Benchmarks/data/home-sentences.tsv` against `phrases/home`) and \(data["non-command sentences"] ?? 0) "
                + "non-command sentences (`Benchmarks/data/non-commands.txt`), each synthesized with "
                + "\(data["voices"] ?? 0) voices (\(plan.voices.map(\.description).joined(separator: ", "))), "
                + "16 kHz mono, 0.3 s of silence at both ends."
                + (plan.homeNegativeStride == 1
                    ? ""
                    : " The home sentences are decoded against the coffee set on \(every(plan.homeNegativeStride)).")
                + (plan.nonCommandStride == 1
                    ? ""
                    : " The non-commands are decoded on \(every(plan.nonCommandStride)) (each voice a different share, every sentence with some voice).")
                + " Short real commands: the last \(plan.shortCommandWords) words of each compared clean order that Incant "
                + "understands, cut from its recording (from 30 ms before their first word to the end, after the "
                + "recording's first 0.3 s of room tone; \(data["short commands"] ?? 0) clips, `ShortCommands`), decoded "
                + "against their own phrase set (one shortcut, `{tail}`, listing every cut) and against the home set, "
                + "clean and with kitchen noise at "
                + plan.shortCommandSNRs.map { "\(Int($0)) dB" }.joined(separator: ", ") + ".",
            "",
            "A clip counts as understood when the accepted shortcut is the expected one and every labelled slot has "
                + "exactly the labelled value (extra slots are not errors). \"wrong\" is accepted but not understood.",
            "",
        ]
        lines += accuracyTable()
        lines += falseAcceptTable()
        lines += speedTable()
        lines += listeningTable()
        lines += scalingTable()
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Tables

    func accuracyTable() -> [String] {
        var lines = [
            "## Understood (positives)", "",
            "| condition | clips | Incant | JSGF baseline | Incant / baseline | LM + match |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        lines.append(accuracyRow("coffee, clean", "clean"))
        if let all = results.score("clean-all", .incant) {
            lines.append(
                "| coffee, clean, all clips (Incant only) | \(all.clips) | \(understood(all)) | – | – | – |")
        }
        for snr in plan.snrs { lines.append(accuracyRow("coffee, kitchen noise \(Int(snr)) dB", "snr\(Int(snr))")) }
        if !plan.snrs.isEmpty {
            let keys = plan.snrs.map { "snr\(Int($0))" }
            let incant = average(keys.compactMap { results.score($0, .incant)?.accuracy })
            let jsgf = average(keys.compactMap { results.score($0, .jsgf)?.accuracy })
            let dictation = average(keys.compactMap { results.score($0, .dictation)?.accuracy })
            lines.append(
                "| coffee, noise average (\(plan.snrs.count) SNRs) | | \(percent(incant)) | \(percent(jsgf)) | "
                    + "\(ratio(incant, jsgf)) | \(percent(dictation)) |")
        }
        lines.append(accuracyRow("home, synthetic voices", "home"))
        lines.append(accuracyRow("short commands cut from the orders, clean", "short"))
        for snr in plan.shortCommandSNRs {
            lines.append(
                accuracyRow("short commands cut from the orders, kitchen noise \(Int(snr)) dB", "short\(Int(snr))"))
        }
        return lines + [""]
    }

    func accuracyRow(_ label: String, _ key: String) -> String {
        let incant = results.score(key, .incant)
        let jsgf = results.score(key, .jsgf)
        let dictation = results.score(key, .dictation)
        return "| \(label) | \(incant?.clips ?? 0) | \(understood(incant)) | \(understood(jsgf)) | "
            + "\(ratio(incant?.accuracy, jsgf?.accuracy)) | \(understood(dictation, showClips: true)) |"
    }

    func falseAcceptTable() -> [String] {
        var lines = [
            "## False accepts (negatives: every clip must be rejected)", "",
            "| speech | phrase set | clips | Incant | JSGF baseline | Incant / baseline | LM + match |",
            "|---|---|---:|---:|---:|---:|---:|",
        ]
        let noisy = plan.noisyNegativeSNRs.map {
            ("coffee orders, kitchen noise \(Int($0)) dB", "home", "coffee\(Int($0))→home")
        }
        let noisyShort = plan.shortCommandSNRs.map {
            ("short real speech, kitchen noise \(Int($0)) dB", "home", "short\(Int($0))→home")
        }
        let others: [(String, String, String)] = [
            ("home sentences (synthetic)", "coffee", "home→coffee"),
            ("non-commands (synthetic)", "coffee", "other→coffee"),
            ("non-commands (synthetic)", "home", "other→home"),
            ("kitchen noise bursts, 0.6–4 s", "home", "noise→home"),
            ("short real speech: orders' last \(plan.shortCommandWords) words (clean)", "home", "short→home"),
        ]
        for (label, set, key) in [("coffee orders (clean)", "home", "coffee→home")] + noisy + others + noisyShort {
            let incant = results.score(key, .incant)
            let jsgf = results.score(key, .jsgf)
            let dictation = results.score(key, .dictation)
            lines.append(
                "| \(label) | \(set) | \(incant?.clips ?? 0) | \(percent(incant?.acceptRate)) | "
                    + "\(percent(jsgf?.acceptRate)) | \(ratio(incant?.acceptRate, jsgf?.acceptRate)) | "
                    + (dictation.map { "\(percent($0.acceptRate)) (\($0.clips) clips)" } ?? "–") + " |")
        }
        return lines + [""]
    }

    func speedTable() -> [String] {
        var lines = [
            "## Speed and memory", "",
            "Decode time is the recognizer's (Incant: grammar search and phone loop); \"end of audio → shortcut\" "
                + "adds matching (no dispatch), from having the whole utterance to having shortcut + parameters.", "",
            "| measure | Incant | JSGF baseline | Incant / baseline | LM + match |",
            "|---|---:|---:|---:|---:|",
        ]
        let lowest = plan.snrs.min().map { "snr\(Int($0))" }
        var rtfRows = [("decode time / audio time, coffee clean", "clean")]
        if let lowest { rtfRows.append(("decode time / audio time, coffee \(lowest.dropFirst(3)) dB", lowest)) }
        rtfRows.append(("decode time / audio time, home synthetic", "home"))
        for (label, key) in rtfRows {
            lines.append(row(label, key, format: { String(format: "%.3f", $0) }) { $0.realTimeFactor })
        }
        for (label, key) in [("coffee clean", "clean"), ("home synthetic", "home")] {
            lines.append(
                row("decode latency p50, \(label)", key, format: milliseconds) {
                    ConditionScore.percentile($0.decodeSeconds, 0.5)
                })
            lines.append(
                row("decode latency p95, \(label)", key, format: milliseconds) {
                    ConditionScore.percentile($0.decodeSeconds, 0.95)
                })
            lines.append(
                row("end of audio → shortcut p50, \(label)", key, format: milliseconds) {
                    ConditionScore.percentile($0.resultSeconds, 0.5)
                })
            lines.append(
                row("end of audio → shortcut p95, \(label)", key, format: milliseconds) {
                    ConditionScore.percentile($0.resultSeconds, 0.95)
                })
        }
        for set in ["coffee", "home"] {
            let values = SystemKind.allCases.map { results.load($0, set) }
            lines.append(
                "| load (model + grammar), \(set) set | \(secondsText(values[0]?.seconds)) | "
                    + "\(secondsText(values[1]?.seconds)) | \(ratio(values[0]?.seconds, values[1]?.seconds)) | "
                    + "\(secondsText(values[2]?.seconds)) |")
            lines.append(
                "| resident memory added, \(set) set | \(ProcessMemory.describe(values[0]?.residentBytes)) | "
                    + "\(ProcessMemory.describe(values[1]?.residentBytes)) | "
                    + "\(ratio(values[0].map { Double($0.residentBytes) }, values[1].map { Double($0.residentBytes) })) | "
                    + "\(ProcessMemory.describe(values[2]?.residentBytes)) |")
        }
        // Every set has the three systems; the LM transcriber is one decoder shared by the sets.
        let sets = PhraseSet.allCases.count
        lines += [
            "",
            "Peak resident memory of the whole benchmark process (`VmHWM`, with \(plan.workers) × \(sets * SystemKind.allCases.count) "
                + "systems (\(sets) phrase sets) loaded at once: \(plan.workers * (2 * sets + 1)) pocketsphinx decoders): \(ProcessMemory.describe(results.peakResidentBytes)) "
                + "after the accuracy runs, \(ProcessMemory.describe(results.overallPeakResidentBytes)) by the end "
                + "(including the grammar-size step). "
                + "Memory added is the growth of resident memory while the first worker built each system; the LM "
                + "transcriber is shared by the sets (counted under the coffee set).",
            "",
        ]
        return lines
    }

    func listeningTable() -> [String] {
        guard let listening = results.listening else { return [] }
        let p = { (values: [Double], q: Double) in self.milliseconds(ConditionScore.percentile(values, q)) }
        return [
            "## Listening: end of speech → handler start", "",
            "The real `incant listen --stdin --json --yes` (release build) hears "
                + "\(listening.utterances) utterances: \(every(plan.listeningClipStride)) of the coffee recordings, each between "
                + "0.8 s and 1.2 s of room tone, written to its standard input at the speed of speech as raw 16 kHz "
                + "audio, the way `arecord … | incant listen --stdin` delivers a microphone (20 ms chunks, "
                + "\(String(format: "%.0f", listening.audioSeconds)) s of audio in "
                + "\(String(format: "%.0f", listening.streamedSeconds)) s). The coffee shortcut's handler is a program "
                + "that writes the time it starts; latency is that time minus the utterance's close, the end of the "
                + "trailing-silence window (300 ms after the last speech frame), so the window itself is excluded. "
                + "The listener decodes each utterance while that window runs (from \(listening.speculationDelayMilliseconds) ms after "
                + "the last speech frame, the rest of the 150 ms post-roll filled with the silence heard so far; "
                + "`EndpointerSettings.speculationDelay`), the phrase search and the phone loop on two cores "
                + "(`listen`'s default; the accuracy tables above decode both on one, as `incant recognize` does, "
                + "with identical results); \"decode time\" is what a listener that decodes only after "
                + "the close would add instead (Incant's decoder; the JSGF baseline's is in the table above).", "",
            "| measure | p50 | p95 | max |",
            "|---|---:|---:|---:|",
            "| close → handler start (\(listening.handlerStarts) handlers started) | "
                + "\(p(listening.handlerLatencies, 0.5)) | \(p(listening.handlerLatencies, 0.95)) | "
                + "\(p(listening.handlerLatencies, 1)) |",
            "| close → shortcut and parameters known | \(p(listening.resultLatencies, 0.5)) | "
                + "\(p(listening.resultLatencies, 0.95)) | \(p(listening.resultLatencies, 1)) |",
            "| decode time of the utterance (decoding after the close) | \(p(listening.decodeSeconds, 0.5)) | "
                + "\(p(listening.decodeSeconds, 0.95)) | \(p(listening.decodeSeconds, 1)) |",
            "",
            "Understood (shortcut and every labelled slot, as in the accuracy tables, but cut from the stream by "
                + "`listen`'s endpointer): \(listening.understood) of \(listening.clips) orders in "
                + "\(listening.utterances) utterances.", "",
            "Peak resident memory of the listening process (`VmHWM` of `incant listen`, sampled every 50 ms): "
                + "\(ProcessMemory.describe(listening.peakResidentBytes)).", "",
        ]
    }

    func scalingTable() -> [String] {
        var lines = [
            "## Grammar size: compile, load and decode at 10 to 10,000 phrases", "",
            "Synthetic home-automation phrases (the `match` benchmark's generator); each size decodes "
                + "\(plan.scalingUtterances) utterances of its own phrases (espeak-ng en-us). \"compile\" is "
                + "`GrammarCompiler.compile` alone; \"init\" builds a fresh recognizer (decoder with the grammar's "
                + "dictionary, pronunciations, grammar, and for Incant the phone loop).", "",
            "| phrases | FSG states / transitions | compile | init, Incant | init, JSGF | decode / audio, Incant | "
                + "decode / audio, JSGF | Incant / JSGF decode | understood, Incant | understood, JSGF |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        var notes: [String] = []
        for row in results.scaling {
            let incantRTF = row.incant?.realTimeFactor
            let jsgfRTF = row.jsgf?.realTimeFactor
            lines.append(
                "| \(row.phrases) | \(row.fsgStates) / \(row.fsgTransitions) | \(milliseconds(row.compileSeconds)) | "
                    + "\(row.incantLoadSeconds.map(milliseconds) ?? "–") | \(row.jsgfLoadSeconds.map(milliseconds) ?? "–") | "
                    + "\(incantRTF.map { String(format: "%.3f", $0) } ?? "–") | "
                    + "\(jsgfRTF.map { String(format: "%.3f", $0) } ?? "–") | \(ratio(incantRTF, jsgfRTF)) | "
                    + "\(row.incant.map { "\($0.correct)/\($0.clips)" } ?? "–") | "
                    + "\(row.jsgf.map { "\($0.correct)/\($0.clips)" } ?? "–") |")
            if !row.note.isEmpty { notes.append("- \(row.phrases) phrases: \(row.note).") }
        }
        return lines + (notes.isEmpty ? [] : [""] + notes) + [""]
    }

    // MARK: Formatting

    func row(
        _ label: String, _ key: String, format: (Double) -> String, _ value: (ConditionScore) -> Double
    ) -> String {
        let values = SystemKind.allCases.map { kind in results.score(key, kind).map(value) }
        return "| \(label) | \(values[0].map(format) ?? "–") | \(values[1].map(format) ?? "–") | "
            + "\(ratio(values[0], values[1])) | \(values[2].map(format) ?? "–") |"
    }

    func understood(_ score: ConditionScore?, showClips: Bool = false) -> String {
        guard let score else { return "–" }
        return "\(percent(score.accuracy)) (wrong \(percent(score.wrongRate)))"
            + (showClips ? ", \(score.clips) clips" : "")
    }

    func percent(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return String(format: "%.1f%%", value * 100)
    }

    func ratio(_ numerator: Double?, _ denominator: Double?) -> String {
        guard let numerator, let denominator, numerator.isFinite, denominator.isFinite else { return "–" }
        if denominator == 0 { return numerator == 0 ? "–" : "∞" }
        return String(format: "%.2f×", numerator / denominator)
    }

    func average(_ values: [Double]) -> Double? {
        let finite = values.filter(\.isFinite)
        return finite.isEmpty ? nil : finite.reduce(0, +) / Double(finite.count)
    }

    func milliseconds(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "–" }
        let value = seconds * 1_000
        return value < 10 ? String(format: "%.2f ms", value) : String(format: "%.0f ms", value)
    }

    func secondsText(_ seconds: Double?) -> String {
        guard let seconds else { return "–" }
        return String(format: "%.2f s", seconds)
    }

    /// "every clip", "every 3rd clip", "every 4th clip"…
    func every(_ stride: Int) -> String {
        switch stride {
        case 1: return "every clip"
        case 2: return "every 2nd clip"
        case 3: return "every 3rd clip"
        default: return "every \(stride)th clip"
        }
    }

    func minutes(_ seconds: Double) -> String {
        String(format: "%d min %02d s", Int(seconds) / 60, Int(seconds) % 60)
    }
}

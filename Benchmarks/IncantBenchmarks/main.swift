import Foundation
import IncantPhrases

// incant-bench: speed figures that are never asserted in unit tests.
//
//   swift run -c release incant-bench match [--queries N]
//   swift run -c release incant-bench near-misses [--set NAME|DIR] [--show-wrong]
//                                               (wrong actions from near misses, see NearMissBenchmark)
//   swift run -c release incant-bench check [--sizes 1000,4000,10000] [--naive-up-to N (default 4000)]
//   swift run -c release incant-bench speech [--quick] [--out FILE]
//   swift run -c release incant-bench levers [options]   (one configuration, see LeverSweep)
//   swift run -c release incant-bench listening [--stride N] [--speculate-after MS] [--phrase-pause MS]
//                                               (`incant listen` in real time)
//   swift run -c release incant-bench actions [options]
//                                               (right / wrong / rejected actions per source, see ActionBenchmark)
//   swift run -c release incant-bench text-slots [--stride N] [--real-stride N] [--voices all|mixed|quick]
//                                               (free-text slots by voice, see TextSlotBenchmark)
//   swift run -c release incant-bench narrow-band-transform --out FILE [options]
//                                               (the transform for narrow channels, see NarrowBandTraining)
//   swift run -c release incant-bench front-ends [--stride N] [--front-ends a,b] [--workers N]
//                                               (denoisers before recognition, see FrontEndBenchmark)
//
// Every figure is printed next to the naive baseline measured in the same run, as a ratio,
// because this machine is shared and absolute times are noisy.

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? "match"

let usage = """
    usage: incant-bench match [--queries N]
           incant-bench near-misses [--set NAME|DIR] [--show-wrong]
           incant-bench check [--sizes 1000,4000,10000] [--naive-up-to N (default 4000)]
           incant-bench speech [--quick] [--out FILE]
           incant-bench levers [options]        (one configuration; see LeverSweep.swift)
           incant-bench listening [--stride N] [--speculate-after MS] [--phrase-pause MS]
           incant-bench contrasts [--stride N] [--margins 0,1000,…]
           incant-bench actions [options]       (right / wrong / rejected per source; see ActionBenchmark.swift)
           incant-bench text-slots [--stride N] [--real-stride N] [--voices all|mixed|quick] [--dictation-beams tuned|default] [--show-wrong]
           incant-bench front-ends [--stride N] [--front-ends identity,deepfilternet,rnnoise] [--workers N] [--cpu-only]
           incant-bench narrow-band-transform --out FILE [--sources coffee,wake,synthetic] [--channel phone|band|reverb|…|none] [--stride N --offset K] [--takes N]
           incant-bench wake [--phrases "alexa,smart mirror,hey computer"] [--hours H (default 10)] [--stride N] [--snr DB] [--dump FILE] [--background-pieces FILE] [--rss-minutes M] [--passages N] [--spotting-threshold T] [--spotting-phone-penalty P] [--front-end NAME] [--both-views | --stream-on-demand | --on-demand] [--second-view-reach C] [--second-view-lead S] [--denoiser-restart fresh|warm]

    """

/// The options each command takes, with a value (`--stride 8`) or alone (`--quick`); `levers`
/// checks its own. A mistyped option is refused instead of silently running the default (the
/// full runs take from 7 to 40 minutes).
let options: [String: (values: Set<String>, switches: Set<String>)] = [
    "match": (["--queries"], []),
    "near-misses": (["--set"], ["--show-wrong"]),
    "check": (["--sizes", "--naive-up-to"], []),
    "speech": (["--out"], ["--quick"]),
    "listening": (["--stride", "--speculate-after", "--phrase-pause"], []),
    "contrasts": (["--stride", "--margins"], []),
]

if arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(0)
}
if let allowed = options[command] {
    var index = 1
    while index < arguments.count {
        let option = arguments[index]
        if allowed.switches.contains(option) {
            index += 1
        } else if allowed.values.contains(option), index + 1 < arguments.count {
            index += 2
        } else {
            let problem = allowed.values.contains(option) ? "\(option) needs a value" : "unknown option \(option)"
            FileHandle.standardError.write(Data("incant-bench \(command): \(problem)\n\(usage)".utf8))
            exit(64)
        }
    }
}

switch command {
case "match":
    let queries = value(after: "--queries").flatMap(Int.init) ?? 300
    MatchBenchmark(queryCount: queries).run()
case "near-misses":
    do {
        let sets = value(after: "--set").map { [$0] } ?? ["home", "demo"]
        try NearMissBenchmark(phraseSets: sets, showWrong: arguments.contains("--show-wrong")).run()
    } catch {
        FileHandle.standardError.write(Data("incant-bench near-misses: \(error)\n".utf8))
        exit(1)
    }
case "check":
    var benchmark = CheckBenchmark()
    if let sizes = value(after: "--sizes") {
        benchmark.sizes = sizes.split(separator: ",").compactMap { Int($0) }
    }
    benchmark.naiveLimit = value(after: "--naive-up-to").flatMap(Int.init) ?? benchmark.naiveLimit
    benchmark.run()
case "speech":
    let quick = arguments.contains("--quick")
    let plan = quick ? SpeechBenchmarkPlan.quick : SpeechBenchmarkPlan.full
    do {
        let results = try SpeechBenchmark(plan: plan).run()
        let command = "incant-bench " + arguments.joined(separator: " ")
        let report = SpeechReport(results: results, plan: plan, command: command).markdown()
        print(report, terminator: "")
        if let out = value(after: "--out") {
            try report.write(toFile: out, atomically: true, encoding: .utf8)
        }
    } catch {
        FileHandle.standardError.write(Data("incant-bench speech: \(error)\n".utf8))
        exit(1)
    }
case "contrasts":
    let stride = value(after: "--stride").flatMap(Int.init) ?? 4
    let margins = (value(after: "--margins") ?? "0,1000,2000,4000,8000,16000").split(separator: ",").compactMap {
        Double($0)
    }
    do {
        try ContrastSweep(stride: max(1, stride), margins: margins).run()
    } catch {
        FileHandle.standardError.write(Data("incant-bench contrasts: \(error)\n".utf8))
        exit(1)
    }
case "levers":
    do {
        try LeverSweep(arguments: Array(arguments.dropFirst())).run()
    } catch {
        FileHandle.standardError.write(Data("incant-bench levers: \(error)\n".utf8))
        exit(1)
    }
case "actions":
    do {
        try ActionBenchmark(arguments: Array(arguments.dropFirst())).run()
    } catch {
        FileHandle.standardError.write(Data("incant-bench actions: \(error)\n".utf8))
        exit(1)
    }
case "front-ends":
    do {
        try FrontEndBenchmark(arguments: Array(arguments.dropFirst())).run()
    } catch {
        FileHandle.standardError.write(Data("incant-bench front-ends: \(error)\n".utf8))
        exit(1)
    }
case "text-slots":
    do {
        try TextSlotBenchmark(arguments: Array(arguments.dropFirst())).run()
    } catch {
        FileHandle.standardError.write(Data("incant-bench text-slots: \(error)\n".utf8))
        exit(1)
    }
case "narrow-band-transform":
    do {
        try NarrowBandTraining(arguments: Array(arguments.dropFirst())).run()
    } catch {
        FileHandle.standardError.write(Data("incant-bench narrow-band-transform: \(error)\n".utf8))
        exit(1)
    }
case "wake":
    do {
        try WakeBenchmark(arguments: Array(arguments.dropFirst())).run()
    } catch {
        FileHandle.standardError.write(Data("incant-bench wake: \(error)\n".utf8))
        exit(1)
    }
case "listening":
    // The listening part of `speech` alone: incant-bench listening [--stride N]
    do {
        let paths = BenchmarkPaths()
        let coffee = CoffeeRecordings(paths: paths)
        let stride = value(after: "--stride").flatMap(Int.init) ?? SpeechBenchmarkPlan.full.listeningClipStride
        let clips = try coffee.clips(limit: nil).enumerated().filter { $0.offset % stride == 0 }.map(\.element)
        var plan = SpeechBenchmarkPlan.full
        plan.listeningClipStride = stride
        var results = SpeechResults()
        var listening = ListeningLatency(clips: clips, coffeeYAML: try coffee.shortcutsYAML(), paths: paths)
        listening.speculateAfter = value(after: "--speculate-after").flatMap(Int.init)
        listening.phrasePause = value(after: "--phrase-pause").flatMap(Int.init)
        results.listening = try listening.run()
        print(SpeechReport(results: results, plan: plan, command: "").listeningTable().joined(separator: "\n"))
    } catch {
        FileHandle.standardError.write(Data("incant-bench listening: \(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data("incant-bench: unknown command \(command)\n\(usage)".utf8))
    exit(64)
}

func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

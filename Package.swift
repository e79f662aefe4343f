// swift-tools-version: 6.2
//
// Incant: spoken shortcuts for Linux, offline.
//
// The pipeline is one module per stage; the abstractions are pure Swift, the platform code
// (ALSA, pocketsphinx) lives in targets of its own, as NIOCore / NIOPosix do:
//   IncantCapture      audio: sources (WAV, stdin), front ends, utterance detection (pure Swift)
//   IncantALSA         the ALSA capture source                                    (links libasound2)
//   IncantSoundFile    audio files other than WAV (FLAC, Ogg ...) decoded for the WAV reader (links libsndfile)
//   IncantSpeech       the recognizer and wake-word protocols, engine-neutral results, the
//                      typed decision, speculative decoding                       (pure Swift)
//   IncantDenoise      neural denoisers as front ends (dlopens vendor/denoise, see scripts/setup.sh)
//   IncantGrammar      the phrase grammar compiler: catalog → JSGF and a minimal word graph
//                      (FSG), text-slot and garbage phone runs, the CMU phone set  (pure Swift)
//   IncantRecognition  the pocketsphinx engine: grammar search, phone loop, acceptance,
//                      pronunciations, MLLR                                       (links libpocketsphinx)
//   IncantPhrases      shortcut definitions, phrase templates, store, matcher      (pure Swift)
//   IncantProcess      running child processes on swift-subprocess: no shell, a process group
//                      each, stdin from memory, capped output, timeouts            (pure Swift)
//   IncantDispatch     confirm → handle, response codes, handlers (programs, open, Swift,
//                      HTTP on async-http-client), history                        (pure Swift)
//   IncantServer       `incant serve`: the Wyoming protocol (Home Assistant) over TCP on
//                      swift-nio, and the satellites it connects to (a Listener each);
//                      recognizers behind the SpeechRecognizer protocol           (pure Swift)
//   IncantEvents       decisions and outcomes announced on a message bus (Hermes topics), queries
//                      taken from it; the bus is a protocol                         (pure Swift)
//   IncantMQTT         that bus over MQTT                                           (links libmosquitto)
//   IncantListening    the Listener: source → front end → detector → recognizer → matcher →
//                      runner, as events; the takes of a new phrase recorded       (pure Swift)
//   incant             the command-line tool: parse, configure, print
//   IncantRoomMixing   rooms made from recordings for benchmarks and tests: noise and a babble of
//                      other talkers mixed into speech at an SNR                 (pure Swift)
//
// Set INCANT_CORE_ONLY=1 to build and test only the pure-Swift core (no ALSA, no pocketsphinx).

import PackageDescription

let coreOnly = Context.environment["INCANT_CORE_ONLY"] == "1"

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6)
]

var products: [Product] = [
    .library(name: "IncantPhrases", targets: ["IncantPhrases"]),
    .library(name: "IncantProcess", targets: ["IncantProcess"]),
    .library(name: "IncantDispatch", targets: ["IncantDispatch"]),
    .library(name: "IncantCapture", targets: ["IncantCapture"]),
    .library(name: "IncantSpeech", targets: ["IncantSpeech"]),
    .library(name: "IncantGrammar", targets: ["IncantGrammar"]),
    .library(name: "IncantListening", targets: ["IncantListening"]),
    .library(name: "IncantServer", targets: ["IncantServer"]),
    .library(name: "IncantEvents", targets: ["IncantEvents"]),
]

var targets: [Target] = [
    .target(
        name: "IncantPhrases",
        dependencies: [.product(name: "Yams", package: "Yams")],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantProcess",
        dependencies: [.product(name: "Subprocess", package: "swift-subprocess")],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantDispatch",
        dependencies: [
            "IncantPhrases",
            "IncantProcess",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantCapture",
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantSpeech",
        dependencies: ["IncantCapture", "IncantPhrases"],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantGrammar",
        dependencies: ["IncantPhrases"],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantEvents",
        dependencies: ["IncantPhrases", "IncantDispatch"],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantListening",
        dependencies: ["IncantCapture", "IncantSpeech", "IncantPhrases", "IncantDispatch", "IncantEvents"],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantServer",
        dependencies: [
            "IncantCapture", "IncantSpeech", "IncantPhrases", "IncantDispatch", "IncantEvents", "IncantListening",
            "IncantProcess",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantRoomMixing",
        dependencies: ["IncantCapture"],
        path: "Benchmarks/IncantRoomMixing",
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantTestSupport",
        dependencies: ["IncantCapture", "IncantDispatch", "IncantPhrases"],
        path: "Tests/IncantTestSupport",
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "IncantCaptureTests",
        dependencies: ["IncantCapture", "IncantTestSupport"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "IncantListeningTests",
        dependencies: [
            "IncantListening", "IncantSpeech", "IncantCapture", "IncantPhrases", "IncantDispatch", "IncantEvents",
            "IncantTestSupport",
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "IncantServerTests",
        dependencies: [
            "IncantServer", "IncantSpeech", "IncantCapture", "IncantPhrases", "IncantDispatch", "IncantTestSupport",
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "IncantEventsTests",
        dependencies: ["IncantEvents", "IncantPhrases", "IncantDispatch"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "IncantGrammarTests",
        dependencies: ["IncantGrammar", "IncantPhrases", "IncantTestSupport"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "IncantPhrasesTests",
        dependencies: ["IncantPhrases", "IncantTestSupport"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "IncantDispatchTests",
        dependencies: [
            "IncantDispatch", "IncantPhrases", "IncantProcess", .product(name: "Logging", package: "swift-log"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ],
        swiftSettings: swiftSettings
    ),
]

if !coreOnly {
    products += [
        .library(name: "IncantALSA", targets: ["IncantALSA"]),
        .library(name: "IncantRecognition", targets: ["IncantRecognition"]),
        .library(name: "IncantDenoise", targets: ["IncantDenoise"]),
        .library(name: "IncantMQTT", targets: ["IncantMQTT"]),
        .library(name: "IncantSoundFile", targets: ["IncantSoundFile"]),
        .executable(name: "incant", targets: ["incant"]),
        .executable(name: "incant-bench", targets: ["IncantBenchmarks"]),
    ]
    targets += [
        .systemLibrary(
            name: "CAlsa",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        .systemLibrary(
            name: "CPocketSphinx",
            pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev"])]
        ),
        .systemLibrary(
            name: "CSndFile",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]
        ),
        .target(
            name: "IncantSoundFile",
            dependencies: ["CSndFile", "IncantCapture"],
            swiftSettings: swiftSettings
        ),
        .systemLibrary(
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]
        ),
        .target(
            name: "IncantMQTT",
            dependencies: ["CMosquitto", "IncantEvents"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "IncantALSA",
            dependencies: ["CAlsa", "IncantCapture"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "IncantDenoise",
            dependencies: ["IncantCapture"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "IncantRecognition",
            dependencies: [
                "CPocketSphinx", "IncantPhrases", "IncantCapture", "IncantSpeech", "IncantProcess", "IncantGrammar",
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "incant",
            dependencies: [
                "IncantPhrases", "IncantDispatch", "IncantCapture", "IncantALSA", "IncantSpeech",
                "IncantRecognition", "IncantListening", "IncantDenoise", "IncantServer", "IncantEvents", "IncantMQTT",
                "IncantProcess", "IncantSoundFile",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "IncantBenchmarks",
            dependencies: [
                "IncantPhrases", "IncantRecognition", "IncantGrammar", "IncantCapture", "IncantSpeech", "IncantDenoise",
                "IncantRoomMixing",
            ],
            path: "Benchmarks/IncantBenchmarks",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IncantListeningSpeechTests",
            dependencies: [
                "IncantListening", "IncantRecognition", "IncantSpeech", "IncantCapture", "IncantPhrases",
                "IncantDispatch", "IncantTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IncantALSATests",
            dependencies: ["IncantALSA", "IncantCapture", "IncantTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IncantMQTTTests",
            dependencies: [
                "IncantMQTT", "IncantEvents", "IncantPhrases", "IncantDispatch", "IncantTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IncantDenoiseTests",
            dependencies: ["IncantDenoise", "IncantCapture"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IncantRecognitionTests",
            dependencies: [
                "IncantRecognition", "IncantGrammar", "IncantSpeech", "IncantPhrases", "IncantCapture",
                "IncantDenoise", "IncantRoomMixing", "IncantTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IncantCLITests",
            dependencies: ["incant", "IncantPhrases", "IncantTestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
    // The server's streamed decoding is checked against real pocketsphinx on real recordings.
    for target in targets where target.name == "IncantServerTests" {
        target.dependencies.append("IncantRecognition")
    }
}

let package = Package(
    name: "Incant",
    platforms: [.macOS(.v15)],
    products: products,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: targets
)

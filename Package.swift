// swift-tools-version: 6.2
//
// Incant: spoken shortcuts for Linux, offline.
//
// The pipeline is one module per stage:
//   IncantCapture      audio sources (ALSA, WAV, stdin) and endpointing      (links libasound2)
//   IncantRecognition  pocketsphinx decoding against the phrase grammar      (links libpocketsphinx)
//   IncantPhrases      shortcut definitions, phrase templates, store, matcher (pure Swift)
//   IncantDispatch     confirm → handle, response codes, handlers, history   (pure Swift)
//   incant             the command-line tool
//
// Set INCANT_CORE_ONLY=1 to build and test only the pure-Swift core (no ALSA, no pocketsphinx).

import PackageDescription

let coreOnly = Context.environment["INCANT_CORE_ONLY"] == "1"

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6)
]

var products: [Product] = [
    .library(name: "IncantPhrases", targets: ["IncantPhrases"]),
    .library(name: "IncantDispatch", targets: ["IncantDispatch"]),
]

var targets: [Target] = [
    .target(
        name: "IncantPhrases",
        dependencies: [.product(name: "Yams", package: "Yams")],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "IncantDispatch",
        dependencies: [
            "IncantPhrases",
            .product(name: "Subprocess", package: "swift-subprocess"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "IncantPhrasesTests",
        dependencies: ["IncantPhrases"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "IncantDispatchTests",
        dependencies: ["IncantDispatch", "IncantPhrases", .product(name: "Logging", package: "swift-log")],
        swiftSettings: swiftSettings
    ),
]

if !coreOnly {
    products += [
        .library(name: "IncantCapture", targets: ["IncantCapture"]),
        .library(name: "IncantRecognition", targets: ["IncantRecognition"]),
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
        .target(
            name: "IncantCapture",
            dependencies: ["CAlsa"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "IncantRecognition",
            dependencies: ["CPocketSphinx", "IncantPhrases", "IncantCapture"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "incant",
            dependencies: [
                "IncantPhrases", "IncantDispatch", "IncantCapture", "IncantRecognition",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "IncantBenchmarks",
            dependencies: ["IncantPhrases", "IncantRecognition", "IncantCapture"],
            path: "Benchmarks/IncantBenchmarks",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IncantCaptureTests",
            dependencies: ["IncantCapture"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IncantRecognitionTests",
            dependencies: ["IncantRecognition", "IncantPhrases", "IncantCapture"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IncantCLITests",
            dependencies: ["incant", "IncantPhrases"],
            swiftSettings: swiftSettings
        ),
    ]
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
    ],
    targets: targets
)

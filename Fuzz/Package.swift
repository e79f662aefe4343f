// swift-tools-version: 6.2
//
// Coverage-guided fuzz targets for Incant (libFuzzer). Kept out of the main package because
// they only link with `-sanitize=fuzzer`. Build and run them with `scripts/fuzz.sh` (see
// README.md); the harnesses under Harness/ are also compiled into the main test suite
// (Tests/*/FuzzHarness, symbolic links) so they are exercised by a plain `swift test`.

import PackageDescription

let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// One libFuzzer executable: `Sources/<name>/`, driving one harness library.
func fuzzTarget(_ name: String, harness: String) -> Target {
    .executableTarget(
        name: name, dependencies: [.target(name: harness), .target(name: "FuzzDriver")], swiftSettings: swiftSettings)
}

let package = Package(
    name: "IncantFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Incant", path: "..")],
    targets: [
        .target(
            name: "PhrasesFuzzHarness",
            dependencies: [.product(name: "IncantPhrases", package: "Incant")],
            path: "Harness/Phrases",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "DispatchFuzzHarness",
            dependencies: [
                .product(name: "IncantDispatch", package: "Incant"),
                .product(name: "IncantPhrases", package: "Incant"),
                .product(name: "IncantProcess", package: "Incant"),
            ],
            path: "Harness/Dispatch",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CaptureFuzzHarness",
            dependencies: [.product(name: "IncantCapture", package: "Incant")],
            path: "Harness/Capture",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ServerFuzzHarness",
            dependencies: [.product(name: "IncantServer", package: "Incant")],
            path: "Harness/Server",
            swiftSettings: swiftSettings
        ),
        .target(name: "FuzzDriver", path: "Driver", swiftSettings: swiftSettings),
        fuzzTarget("FuzzDefinitions", harness: "PhrasesFuzzHarness"),
        fuzzTarget("FuzzTemplates", harness: "PhrasesFuzzHarness"),
        fuzzTarget("FuzzMatcher", harness: "PhrasesFuzzHarness"),
        fuzzTarget("FuzzHandlerReply", harness: "DispatchFuzzHarness"),
        fuzzTarget("FuzzWAV", harness: "CaptureFuzzHarness"),
        fuzzTarget("FuzzWyoming", harness: "ServerFuzzHarness"),
    ]
)

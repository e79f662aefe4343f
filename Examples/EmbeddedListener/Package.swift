// swift-tools-version: 6.2
//
// Embedding Incant: the real Listener with an in-process Swift handler. The recognizer here is
// a stand-in that reads tones (so the example needs no microphone and no speech model); a real
// program passes `PocketSphinxRecognizer(try GrammarRecognizer(catalog: catalog))` from
// IncantRecognition and an `ALSACaptureSource` from IncantALSA instead.

import PackageDescription

let package = Package(
    name: "EmbeddedListener",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Incant", path: "../..")],
    targets: [
        .executableTarget(
            name: "EmbeddedListener",
            dependencies: [
                .product(name: "IncantListening", package: "Incant"),
                .product(name: "IncantSpeech", package: "Incant"),
                .product(name: "IncantCapture", package: "Incant"),
                .product(name: "IncantDispatch", package: "Incant"),
                .product(name: "IncantPhrases", package: "Incant"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)

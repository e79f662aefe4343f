// libFuzzer entry point for the phrase matcher: `scripts/fuzz.sh FuzzMatcher`.
//
// SwiftPM links an executable's `main` as `FuzzMatcher_main`; it hands libFuzzer's driver the
// command line and the harness (MatcherFuzzTarget). Build with
// `-sanitize=fuzzer,address -parse-as-library -use-ld=lld` (see Fuzz/README.md).

import FuzzDriver
import PhrasesFuzzHarness

/// One input from libFuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    MatcherFuzzTarget.run(FuzzDriver.bytes(data, size))
    return 0
}

/// The program's entry point.
@_cdecl("FuzzMatcher_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}

// libFuzzer entry point for the Wyoming event parser: `scripts/fuzz.sh FuzzWyoming`.
//
// SwiftPM links an executable's `main` as `FuzzWyoming_main`; it hands libFuzzer's driver the
// command line and the harness (WyomingEventFuzzTarget). Build with
// `-sanitize=fuzzer,address -parse-as-library -use-ld=lld` (see Fuzz/README.md).

import FuzzDriver
import ServerFuzzHarness

/// One input from libFuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    WyomingEventFuzzTarget.run(FuzzDriver.bytes(data, size))
    return 0
}

/// The program's entry point.
@_cdecl("FuzzWyoming_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}

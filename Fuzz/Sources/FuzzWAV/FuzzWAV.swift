// libFuzzer entry point for the WAV file reader: `scripts/fuzz.sh FuzzWAV`.
//
// SwiftPM links an executable's `main` as `FuzzWAV_main`; it hands libFuzzer's driver the
// command line and the harness (WAVFuzzTarget). Build with
// `-sanitize=fuzzer,address -parse-as-library -use-ld=lld` (see Fuzz/README.md).

import CaptureFuzzHarness
import FuzzDriver

/// One input from libFuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    WAVFuzzTarget.run(FuzzDriver.bytes(data, size))
    return 0
}

/// The program's entry point.
@_cdecl("FuzzWAV_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}

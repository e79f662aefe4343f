// libFuzzer entry point for the external handler's answer parser: `scripts/fuzz.sh FuzzHandlerReply`.
//
// SwiftPM links an executable's `main` as `FuzzHandlerReply_main`; it hands libFuzzer's driver the
// command line and the harness (HandlerReplyFuzzTarget). Build with
// `-sanitize=fuzzer,address -parse-as-library -use-ld=lld` (see Fuzz/README.md).

import DispatchFuzzHarness
import FuzzDriver

/// One input from libFuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    HandlerReplyFuzzTarget.run(FuzzDriver.bytes(data, size))
    return 0
}

/// The program's entry point.
@_cdecl("FuzzHandlerReply_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}

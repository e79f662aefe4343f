import Foundation
import Testing

extension Tag {
    /// Real speech through the real engine or the real binary: seconds per test.
    @Tag public static var slow: Self
    /// Accuracy on recordings, with real pocketsphinx.
    @Tag public static var accuracy: Self
    /// Long runs and many processes at once.
    @Tag public static var soak: Self
}

/// How the suite was started: `make test` runs everything, `make test-fast` (INCANT_TEST_FAST=1)
/// leaves out what is tagged slow, accuracy or soak.
public enum TestRun {
    public static let isFast = ProcessInfo.processInfo.environment["INCANT_TEST_FAST"] == "1"
}

extension Trait where Self == ConditionTrait {
    /// Skipped by `make test-fast`; `make test` (CI) runs it.
    public static var skippedWhenFast: Self {
        .disabled(if: TestRun.isFast, "make test-fast leaves out slow, accuracy and soak checks")
    }
}

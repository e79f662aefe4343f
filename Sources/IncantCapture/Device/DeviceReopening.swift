/// How a capture device that fails after it was opened (a USB microphone unplugged) is opened
/// again instead of ending the stream: after a pause that doubles from ``initialDelay`` up to
/// ``maximumDelay``, for as long as the stream is read.
///
/// A device that cannot be opened at all when reading starts is still an error: a wrong
/// device name must not turn into a silent wait.
public struct DeviceReopening: Sendable {
    /// The first pause after a failure.
    public var initialDelay: Duration
    /// The longest pause between two attempts.
    public var maximumDelay: Duration
    /// Told each time the device is lost or delivers audio again, on the reading thread; must
    /// return quickly.
    public var onChange: @Sendable (CaptureDeviceState) -> Void

    public init(
        initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30),
        onChange: @escaping @Sendable (CaptureDeviceState) -> Void = { _ in }
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = max(initialDelay, maximumDelay)
        self.onChange = onChange
    }

    /// The pause after `delay`: twice as long, at most ``maximumDelay``.
    public func next(after delay: Duration) -> Duration {
        min(maximumDelay, delay * 2)
    }
}

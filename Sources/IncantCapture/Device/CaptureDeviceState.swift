/// Whether a capture device that can be reopened is delivering audio.
public enum CaptureDeviceState: Sendable {
    /// The device is open and audio flows.
    case capturing
    /// The device failed or is gone; it is opened again after `retryIn`.
    case waiting(CaptureError, retryIn: Duration)
}

import CAlsa
import IncantCapture

#if canImport(Glibc)
    import Glibc
#endif

/// Collects the messages alsa-lib prints about its errors, instead of letting them reach
/// stderr, so they can be put into the error Incant reports.
///
/// alsa-lib's thread-local error hook is installed on the calling thread for the duration
/// of ``capture(_:)``; messages from other threads are unaffected.
final class ALSAMessageLog {
    private(set) var messages: [String] = []

    /// Runs `body` with alsa-lib's messages on this thread going into this log.
    func capture<T>(_ body: () throws -> T) rethrows -> T {
        let previousLog = pthread_getspecific(alsaLogKey)
        pthread_setspecific(alsaLogKey, Unmanaged.passUnretained(self).toOpaque())
        let previousHandler = snd_lib_error_set_local(alsaLocalErrorHandler)
        defer {
            snd_lib_error_set_local(previousHandler)
            pthread_setspecific(alsaLogKey, previousLog)
        }
        return try body()
    }

    /// The captured messages joined into one line, followed by ALSA's text for `code`.
    func summary(code: Int32) -> String {
        var parts: [String] = []
        for message in messages where !parts.contains(message) {
            parts.append(message)
        }
        let reason = String(cString: snd_strerror(code))
        if !parts.contains(reason) { parts.append(reason) }
        return parts.suffix(4).joined(separator: "; ")
    }

    fileprivate func append(_ message: String) {
        if messages.count < 32 { messages.append(message) }
    }
}

/// The thread-specific slot that points the C error hook at the current log.
private let alsaLogKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

private let alsaLocalErrorHandler: snd_local_error_handler_t = { _, _, _, _, format, arguments in
    guard let format, let arguments, let slot = pthread_getspecific(alsaLogKey) else { return }
    let capacity = 512
    let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> String in
        _ = vsnprintf(buffer.baseAddress, capacity, format, arguments)
        return String(cString: buffer.baseAddress!)
    }
    Unmanaged<ALSAMessageLog>.fromOpaque(slot).takeUnretainedValue().append(text)
}

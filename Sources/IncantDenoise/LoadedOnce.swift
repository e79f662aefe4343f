import Synchronization

/// Values made once per key for the whole process: a denoiser's library, loaded once per
/// installed folder however many streams use it.
final class LoadedOnce<Value: Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])

    /// The value for `key`, made with `make` the first time; a failure is not remembered.
    func value(for key: String, make: (String) throws(DenoiseError) -> Value) throws(DenoiseError) -> Value {
        let result = values.withLock { cache -> Result<Value, DenoiseError> in
            if let value = cache[key] { return .success(value) }
            do throws(DenoiseError) {
                let value = try make(key)
                cache[key] = value
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

import Dispatch

/// Waits for async work from the benchmarks' synchronous code, which runs on the main thread or
/// on `concurrentPerform`'s threads, never on Swift's cooperative pool (which the work needs).
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// Where the task leaves its result; the semaphore orders the write before the read.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

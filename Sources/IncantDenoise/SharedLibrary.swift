import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shared library opened with `dlopen`, and the C functions looked up in it.
///
/// The library stays loaded for the life of the process (libraries with threads of their own,
/// such as DeepFilterNet's runtime, are not safe to unload).
final class SharedLibrary: @unchecked Sendable {
    let path: String
    private let handle: UnsafeMutableRawPointer

    init(path: String) throws(DenoiseError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(path) }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw .unloadable(path: path, reason: reason)
        }
        self.path = path
        self.handle = handle
    }

    /// The C function `name`, as the function type `T` (a `@convention(c)` type).
    func function<T>(_ name: String, as type: T.Type) throws(DenoiseError) -> T {
        guard let symbol = dlsym(handle, name) else { throw .missingSymbol(name, path: path) }
        return unsafeBitCast(symbol, to: type)
    }
}

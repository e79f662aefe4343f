#if canImport(Glibc)
    import Glibc
#endif

/// Hands memory the process has freed back to the system.
///
/// A listener runs for weeks. Each utterance allocates and frees decoder buffers, lattices and
/// strings of a size set by that utterance, and glibc keeps freed pages inside its heaps for
/// reuse, so the resident size creeps up towards the largest utterances ever heard in each
/// heap. `malloc_trim` after each utterance (a fraction of a millisecond) gives those pages back.
/// It is looked up at run time: Swift's Glibc module does not import `<malloc.h>`, and other C
/// libraries (musl) do not have it, in which case this does nothing.
enum FreedMemory {
    typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        #if canImport(Glibc)
            // nil is RTLD_DEFAULT: the symbol as the program itself sees it.
            guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: Trim.self)
        #else
            return nil
        #endif
    }()

    static func release() {
        _ = trim?(0)
    }
}

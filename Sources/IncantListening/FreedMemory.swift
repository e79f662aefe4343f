#if canImport(Glibc)
    import Glibc
#endif

/// Hands memory the process has freed back to the system.
///
/// A listener runs for weeks. Each utterance allocates and frees decoder buffers, lattices and
/// strings of a size set by that utterance, and glibc keeps freed pages inside its heaps for
/// reuse, so the resident size creeps up towards the largest utterances ever heard in each
/// heap. ``Listener`` calls ``release()`` (`malloc_trim`, a fraction of a millisecond) after each
/// utterance; a program that runs one for long calls ``keepLargeBlocksApart()`` once at start,
/// as `incant` does. Both are looked up at run time: Swift's Glibc module does not import
/// `<malloc.h>`, and other C libraries (musl) do not have them, in which case they do nothing.
public enum FreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32
    private typealias Option = @convention(c) (Int32, Int32) -> Int32

    /// `M_MMAP_THRESHOLD` of `<malloc.h>`.
    private static let mmapThresholdOption: Int32 = -3
    /// Blocks at least this large get pages of their own: glibc's default starting threshold.
    public static let mmapThreshold: Int32 = 128 * 1024

    private static let trim: Trim? = {
        #if canImport(Glibc)
            // nil is RTLD_DEFAULT: the symbol as the program itself sees it.
            guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: Trim.self)
        #else
            return nil
        #endif
    }()

    /// Returns the free pages of every heap to the system (`malloc_trim(0)`).
    public static func release() {
        _ = trim?(0)
    }

    /// Makes every block of ``mmapThreshold`` bytes or more pages of its own, returned to the
    /// system when freed.
    ///
    /// By default glibc raises that threshold to the size of each such block freed (up to
    /// 32 MB), so after the first long utterance its buffers come from the heaps, where they
    /// stay resident between the small blocks around them. Setting the threshold fixes it.
    /// It is a setting of the whole process: call once, before the work starts.
    public static func keepLargeBlocksApart() {
        #if canImport(Glibc)
            guard let symbol = dlsym(nil, "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: Option.self)(mmapThresholdOption, mmapThreshold)
        #endif
    }
}

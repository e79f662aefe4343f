#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `execve` can carry: C strings (no NUL byte inside) of bounded length.
///
/// Checked before a handler starts, so that a value is never silently cut at a NUL byte and an
/// oversized one is refused with a message naming it rather than failing inside `execve`.
enum ArgumentLimits {
    /// The longest single argument or `NAME=value` environment string Linux accepts, NUL
    /// included (`MAX_ARG_STRLEN`, 32 pages of 4 KiB).
    static let maximumStringBytes = 32 * 4096

    /// Throws when an argument or environment value of `launch` contains a NUL byte or is
    /// longer than ``maximumStringBytes``; the error names the argument or variable.
    static func check(_ launch: ProcessLaunch) throws(ProcessLaunchError) {
        let program = launch.executablePath
        for (index, argument) in launch.arguments.enumerated() {
            try check(argument, bytes: argument.utf8.count + 1, what: "argument \(index + 1)", program: program)
        }
        for (name, value) in launch.environment.sorted(by: { $0.key < $1.key }) {
            guard let value else { continue }
            try check(
                name + "=" + value, bytes: name.utf8.count + value.utf8.count + 2,
                what: "environment variable \(name)", program: program)
        }
    }

    private static func check(_ text: String, bytes: Int, what: String, program: String) throws(ProcessLaunchError) {
        if text.utf8.contains(0) {
            throw ProcessLaunchError(
                "cannot run '\(program)': \(what) contains a NUL byte, which a program cannot receive")
        }
        if bytes > maximumStringBytes {
            throw ProcessLaunchError(
                "cannot run '\(program)': \(what) is \(bytes) bytes, over the \(maximumStringBytes) bytes "
                    + "Linux passes to a program")
        }
    }
}

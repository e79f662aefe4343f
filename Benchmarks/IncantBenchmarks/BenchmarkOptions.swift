/// Reads a benchmark command's options one by one.
enum BenchmarkOptions {
    /// Calls `handle` with each option of `arguments` and a function that takes the option's
    /// value (the next argument; a missing one is an error naming the option). `handle`
    /// throws for an option it does not know.
    static func parse(_ arguments: [String], _ handle: (_ option: String, _ value: () throws -> String) throws -> Void)
        throws
    {
        var index = 0
        while index < arguments.count {
            let option = arguments[index]
            try handle(option) {
                index += 1
                guard index < arguments.count else { throw BenchmarkError("\(option) needs a value") }
                return arguments[index]
            }
            index += 1
        }
    }
}

/// The command line: `DispatchBenchmark [--quick] [--only hostile|typed] [--markdown PATH] [--svg PATH]`.
struct Options {
    var quick = false
    var hostileOnly = false
    /// Only the typed-link benchmark (`--only typed`).
    var typedOnly = false
    var markdownPath: String?
    var svgPath: String?

    static let usage = """
        usage: DispatchBenchmark [--quick] [--only hostile|typed] [--markdown PATH] [--svg PATH]

          --quick          fewer and shorter runs (a CI smoke test, under 30 s)
          --only hostile   only the hostile-input benchmark (the 10× target)
          --only typed     only the typed-link benchmark (the 1.3× target)
          --markdown PATH  also write the results table to PATH
          --svg PATH       write the chart (ns per dispatch against routes, log-log) to PATH

        Build with RoutingKit for the comparison column:
          DISPATCHKIT_BENCH_ROUTINGKIT=1 swift run -c release --scratch-path .build-bench-rk DispatchBenchmark
        """

    /// Parses `arguments` (without the program name).
    ///
    /// - Returns: The options, or `nil` after `--help`.
    /// - Throws: A message for an unknown option or a missing path.
    static func parse(_ arguments: [String]) throws(OptionsError) -> Options? {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                options.quick = true
            case "--markdown", "--svg":
                guard let path = rest.popFirst(), !path.hasPrefix("--") else {
                    throw OptionsError(message: "\(argument) needs a path")
                }
                if argument == "--svg" { options.svgPath = path } else { options.markdownPath = path }
            case "--only":
                switch rest.popFirst() {
                case "hostile": options.hostileOnly = true
                case "typed": options.typedOnly = true
                default: throw OptionsError(message: "--only takes one section: hostile or typed")
                }
            case "-h", "--help":
                return nil
            default:
                throw OptionsError(message: "unknown option \(argument)")
            }
        }
        return options
    }
}

struct OptionsError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

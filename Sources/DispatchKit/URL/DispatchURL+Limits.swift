extension DispatchURL {
    /// Bounds on the size of a URL, checked while parsing so that hostile input costs little.
    ///
    /// A URL over a limit is rejected with ``DispatchURLError/tooLong(length:limit:)``,
    /// ``DispatchURLError/tooManyPathSegments(limit:)`` or
    /// ``DispatchURLError/tooManyQueryItems(limit:)``. The length is checked first, before any
    /// parsing, so an input over every limit reports its length; the other two are checked as the
    /// parser reaches them, left to right, so the path's limit is reported before the query's,
    /// and any other error met earlier in the input (a bad port, say) before either.
    ///
    /// Each limit is 0 or more (0 refuses every URL that has the thing counted). Parsing with a
    /// negative limit refuses every input, before reading it, with
    /// ``DispatchURLError/invalidLimit(name:value:)``; ``DispatchCenter/urlLimits`` refuses such
    /// limits and keeps the ones it had.
    ///
    /// The defaults are generous for deep links (which are rarely over 2 KB) and small enough that
    /// no input costs much: parsing time grows linearly with the length, and the slowest input of
    /// the maximum length takes about 0.2 ms in a release build (see the hostile-input table of
    /// `Benchmarks/results.md`). A ``DispatchCenter`` applies its own
    /// ``DispatchCenter/urlLimits`` to the strings it parses.
    ///
    /// ```swift
    /// func parse(_ link: String) throws -> DispatchURL {
    ///     var limits = DispatchURL.Limits.default
    ///     limits.maximumQueryItems = 16
    ///     return try DispatchURL(string: link, limits: limits)
    /// }
    /// ```
    public struct Limits: Sendable, Hashable {
        /// The longest accepted input, in UTF-8 bytes. Default: 16,384.
        public var maximumLength: Int
        /// The most path segments, counted before dot segments are resolved (`/a/../b` is three);
        /// empty segments (`//`) are dropped and not counted. Default: 128.
        public var maximumPathSegments: Int
        /// The most query items (non-empty `&`-separated pairs). Default: 128.
        public var maximumQueryItems: Int

        /// Creates limits; each parameter defaults to the documented default.
        public init(maximumLength: Int = 16_384, maximumPathSegments: Int = 128, maximumQueryItems: Int = 128)
        {
            self.maximumLength = maximumLength
            self.maximumPathSegments = maximumPathSegments
            self.maximumQueryItems = maximumQueryItems
        }

        /// 16,384 bytes, 128 path segments, 128 query items.
        public static let `default` = Limits()

        /// Whether a limit is negative: one test of the sign bit of the three, so that every parse
        /// can afford it.
        @inline(__always)
        var hasNegativeLimit: Bool {
            maximumLength | maximumPathSegments | maximumQueryItems < 0
        }

        /// The error for the first negative limit, or `nil` when all are 0 or more.
        @inline(never)
        func invalidLimit() -> DispatchURLError? {
            if maximumLength < 0 { return .invalidLimit(name: "maximumLength", value: maximumLength) }
            if maximumPathSegments < 0 {
                return .invalidLimit(name: "maximumPathSegments", value: maximumPathSegments)
            }
            if maximumQueryItems < 0 {
                return .invalidLimit(name: "maximumQueryItems", value: maximumQueryItems)
            }
            return nil
        }
    }

    /// The error parsing ``description`` with `limits` would give for its size, or `nil`: for a
    /// URL that was built (a redirect rule's target), not parsed, so that what the center
    /// dispatches stays within the limits it parses with. Checked in the parser's order: length,
    /// path segments, query items.
    func sizeViolation(of limits: Limits) -> DispatchURLError? {
        // Writing the URL out only to count it was a quarter of a link value's dispatch; a URL
        // whose bound is within the limit cannot be over it, so only one near it is written out.
        if descriptionLengthBound > limits.maximumLength {
            let length = description.utf8.count
            if length > limits.maximumLength { return .tooLong(length: length, limit: limits.maximumLength) }
        }
        if paths.count > limits.maximumPathSegments {
            return .tooManyPathSegments(limit: limits.maximumPathSegments)
        }
        if let rawQuery, rawQuery.utf8.count > limits.maximumQueryItems {
            // Non-empty "&"-separated pairs, as the parser counts them, without decoding any and
            // without an array of them (which was a twentieth of a link value's dispatch); a query
            // of no more bytes than the limit cannot have more pairs.
            var items = 0
            var inItem = false
            for byte in rawQuery.utf8 {
                if byte == .ampersand {
                    inItem = false
                } else if !inItem {
                    inItem = true
                    items += 1
                }
            }
            if items > limits.maximumQueryItems { return .tooManyQueryItems(limit: limits.maximumQueryItems) }
        }
        return nil
    }

    /// A length in UTF-8 bytes that ``description`` does not exceed, found without writing it.
    ///
    /// Each decoded part is written with at most three bytes for each of its own (an escape,
    /// `%XX`, per byte); the query is written again from its items, each decoded from at least as
    /// many bytes of ``rawQuery`` as it has, so from at most three bytes for each of those; every
    /// separator is counted, a port with the most digits an `Int` has, and the brackets of an IPv6
    /// host and the `/` of an empty URL whether or not they are written.
    var descriptionLengthBound: Int {
        var bound = 1  // The "/" of an empty URL.
        if let scheme { bound += scheme.utf8.count + 1 }
        if let host {
            // "//", "[" and "]", "@" after the user information, ":" and the port.
            bound += 2 + 2 + 3 * host.utf8.count
            if let userinfo { bound += 3 * userinfo.utf8.count + 1 }
            if port != nil { bound += 1 + Int.min.description.utf8.count }
        }
        for segment in paths { bound += 1 + 3 * segment.utf8.count }
        if let rawQuery { bound += 1 + 3 * rawQuery.utf8.count }
        if let fragment { bound += 1 + 3 * fragment.utf8.count }
        return bound
    }
}

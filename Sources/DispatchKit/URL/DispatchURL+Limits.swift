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
    }

    /// The error parsing ``description`` with `limits` would give for its size, or `nil`: for a
    /// URL that was built (a redirect rule's target), not parsed, so that what the center
    /// dispatches stays within the limits it parses with. Checked in the parser's order: length,
    /// path segments, query items.
    func sizeViolation(of limits: Limits) -> DispatchURLError? {
        let length = description.utf8.count
        if length > limits.maximumLength { return .tooLong(length: length, limit: limits.maximumLength) }
        if paths.count > limits.maximumPathSegments {
            return .tooManyPathSegments(limit: limits.maximumPathSegments)
        }
        if let rawQuery {
            // Non-empty "&"-separated pairs, as the parser counts them, without decoding any.
            let items = rawQuery.utf8.split(separator: .ampersand, omittingEmptySubsequences: true).count
            if items > limits.maximumQueryItems { return .tooManyQueryItems(limit: limits.maximumQueryItems) }
        }
        return nil
    }
}

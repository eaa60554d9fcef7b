/// What a pattern captured from a URL.
///
/// ```swift
/// let match = RoutePattern("/files/:owner/*").match(
///     try DispatchURL(string: "app://x/files/ann/a/b.txt"))
/// print(match?.parameters ?? [:])  // ["owner": "ann"]
/// print(match?.wildcard ?? [])  // ["a", "b.txt"]
/// ```
public struct RouteMatch: Sendable, Hashable {
    /// Parameter names to their decoded values (a host parameter holds the lowercased host).
    /// Query items are never mixed in: read them from ``DispatchURL/query``.
    public var parameters: [String: String]
    /// The segments a trailing `*` matched (`[]` if none), or `nil` if the pattern has no `*`.
    public var wildcard: [String]?

    /// Creates a match; the center and ``RoutePattern/match(_:)`` make these.
    public init(parameters: [String: String] = [:], wildcard: [String]? = nil) {
        self.parameters = parameters
        self.wildcard = wildcard
    }

    /// What a matching path form captures from `url`: the one rule behind both
    /// ``RoutePattern/match(_:)`` and the route index.
    init(capturing form: [SegmentMatcher], hostParameter: String?, hasWildcard: Bool, in url: DispatchURL) {
        self.init(
            segmentCount: form.count, parameterName: { form[$0].parameterName }, hostParameter: hostParameter,
            hasWildcard: hasWildcard, in: url)
    }

    /// The rule itself, over a form of `segmentCount` segments whose parameter names are given by
    /// position (`nil` for a literal). Always inlined, so that the closure costs nothing on the
    /// dispatch path.
    @inline(__always)
    init(
        segmentCount: Int, parameterName: (Int) -> String?, hostParameter: String?, hasWildcard: Bool,
        in url: DispatchURL
    ) {
        let wildcard = hasWildcard ? Array(url.paths.dropFirst(segmentCount)) : nil
        var parameters: [String: String] = [:]
        if let hostParameter, let host = url.host { parameters[hostParameter] = host }
        for position in 0..<min(segmentCount, url.paths.count) {
            if let name = parameterName(position) { parameters[name] = url.paths[position] }
        }
        self.init(parameters: parameters, wildcard: wildcard)
    }
}

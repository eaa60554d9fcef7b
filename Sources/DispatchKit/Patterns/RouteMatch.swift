/// What a pattern captured from a URL.
///
/// ```swift
/// let match = RoutePattern("/files/:owner/*").match(try DispatchURL(string: "app://x/files/ann/a/b.txt"))
/// match?.parameters  // ["owner": "ann"]
/// match?.wildcard    // ["a", "b.txt"]
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
        let wildcard = hasWildcard ? Array(url.paths.dropFirst(form.count)) : nil
        var parameters: [String: String] = [:]
        if let hostParameter, let host = url.host { parameters[hostParameter] = host }
        for (matcher, segment) in zip(form, url.paths) {
            if let name = matcher.parameterName { parameters[name] = segment }
        }
        self.init(parameters: parameters, wildcard: wildcard)
    }
}

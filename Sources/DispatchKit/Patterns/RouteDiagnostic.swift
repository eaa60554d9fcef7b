/// A problem ``DispatchCenter/validate()`` found in the registered patterns, naming the classes
/// and patterns involved.
///
/// ```swift
/// for diagnostic in DispatchCenter.shared.validate() {
///     assertionFailure(diagnostic.description)  // in DEBUG builds, at launch
/// }
/// ```
public struct RouteDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: Sendable, Hashable {
        /// The pattern does not parse, so it never matches anything.
        case invalidPattern(RoutePatternError)
        /// Two classes at the same priority have patterns that match exactly the same URLs equally
        /// well: the one registered later never wins.
        case conflict
        /// No URL can reach the pattern: for every URL it matches, a pattern of another class
        /// wins (higher priority, or an equal pattern registered earlier).
        case shadowed
        /// The pattern's optional groups can match one URL in more than one way
        /// (`/the(/:a)(/:b)` and `/the/x`), so which parameter gets the value depends on group
        /// order and ``RoutePattern/url(parameters:query:)`` cannot always round-trip.
        case ambiguousGroups
        /// The route index cannot hold the pattern, so it never matches: registering it would
        /// take the index past 2²⁹ routes or trie nodes (a route per form of a pattern, about two
        /// nodes per route), or one of its forms has more than 65,535 segments. It is refused
        /// whole; every pattern that fits is indexed and matches as usual.
        case exceedsIndexCapacity
    }

    /// What kind of problem.
    public let kind: Kind
    /// The names of the classes involved: the one with the problem first, then the ones that
    /// cause it.
    public let activities: [String]
    /// The patterns involved, in the same order as ``activities``.
    public let patterns: [RoutePattern]

    /// One sentence naming the classes, the patterns and the problem.
    public var description: String {
        let subject = "\(activities.first ?? "?") \"\(patterns.first?.description ?? "")\""
        let others = zip(activities.dropFirst(), patterns.dropFirst()).map { "\($0) \"\($1)\"" }.joined(
            separator: ", ")
        switch kind {
        case .invalidPattern(let error):
            return "\(subject): invalid pattern: \(error)"
        case .conflict:
            return
                "\(subject) conflicts with \(others): they match the same URLs at the same priority, so \(activities.first ?? "it") never wins"
        case .shadowed:
            return "\(subject) is shadowed: every URL it matches goes to \(others)"
        case .ambiguousGroups:
            return "\(subject): its optional groups can match the same URL in more than one way"
        case .exceedsIndexCapacity:
            return
                "\(subject) is not indexed and never matches: it would take the route index past its capacity (2^29 routes or nodes, 65,535 segments per route)"
        }
    }
}

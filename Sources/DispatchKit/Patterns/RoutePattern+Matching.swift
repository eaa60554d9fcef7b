extension RoutePattern {
    /// Matches `url` against this pattern alone.
    ///
    /// When the optional groups let the pattern match in several ways, the most specific way
    /// wins (see ``RoutePattern``), and on a tie the one that takes earlier groups.
    ///
    /// - Returns: The captured parameters and wildcard, or `nil` if the URL does not match (or the
    ///   pattern is invalid).
    /// - Complexity: O(*f* × *n*) for *f* forms of the optional groups and *n* path segments.
    public func match(_ url: DispatchURL) -> RouteMatch? {
        match(url, unboundedIntegers: false)
    }

    /// ``match(_:)``, with `<int>` admitting integers of any length when `unboundedIntegers` is
    /// set: how a class with a ``DispatchActivity/linkType`` matches.
    // Out of line: the default `isHit` matched each pattern through its own inlined copy of the
    // whole matching code (2 KB of an app).
    @inline(never)
    package func match(_ url: DispatchURL, unboundedIntegers: Bool) -> RouteMatch? {
        guard case .success(let pattern) = compiled else { return nil }
        return pattern.match(url, unboundedIntegers: unboundedIntegers)
    }
}

extension CompiledPattern {
    /// ``RoutePattern/match(_:)`` of a pattern parsed once, for callers that match it on every
    /// dispatch (the redirect rules).
    package func match(_ url: DispatchURL, unboundedIntegers: Bool = false) -> RouteMatch? {
        guard let form = bestForm(for: url, unboundedIntegers: unboundedIntegers) else { return nil }
        let hostParameter: String?
        if case .parameter(let name) = host { hostParameter = name } else { hostParameter = nil }
        return RouteMatch(
            capturing: expansions[form], hostParameter: hostParameter, hasWildcard: hasWildcard, in: url)
    }

    func acceptsSchemeAndHost(of url: DispatchURL) -> Bool {
        if let scheme, url.scheme != scheme { return false }
        switch host {
        case .any: return true
        case .literal(let literal): return url.host == literal
        case .parameter, .wildcard: return url.host != nil
        }
    }

    func accepts(_ form: [SegmentMatcher], paths: [String], unboundedIntegers: Bool = false) -> Bool {
        guard hasWildcard ? paths.count >= form.count : paths.count == form.count else { return false }
        for (matcher, segment) in zip(form, paths)
        where !matcher.accepts(segment, unboundedIntegers: unboundedIntegers) {
            return false
        }
        return true
    }

    /// The index of the most specific form that matches, earliest on ties.
    ///
    /// - Parameter unboundedIntegers: Whether `<int>` admits integers of any length (a class
    ///   with a link type).
    func bestForm(for url: DispatchURL, unboundedIntegers: Bool = false) -> Int? {
        guard acceptsSchemeAndHost(of: url) else { return nil }
        var best: Int?
        for (index, form) in expansions.enumerated()
        where accepts(form, paths: url.paths, unboundedIntegers: unboundedIntegers) {
            if let current = best {
                if Specificity.compare(
                    form, hasWildcard, expansions[current], hasWildcard, segments: url.paths.count)
                    == .moreSpecific
                {
                    best = index
                }
            } else {
                best = index
            }
        }
        return best
    }
}

/// The precedence rule, in one place: compared from the left — scheme, host, then each path
/// segment (literal 3 > typed 2 > parameter 1 > wildcard 0) — and finally an exact pattern
/// beats one whose `*` matched nothing.
package enum Specificity {
    package enum Order { case moreSpecific, equal, lessSpecific }

    /// Compares two matching path forms for a URL with `segments` path segments.
    package static func compare(
        _ lhs: [SegmentMatcher], _ lhsWildcard: Bool, _ rhs: [SegmentMatcher], _ rhsWildcard: Bool,
        segments: Int
    ) -> Order {
        compare(
            { $0 < lhs.count ? lhs[$0].rank : 0 }, lhsWildcard, { $0 < rhs.count ? rhs[$0].rank : 0 },
            rhsWildcard,
            segments: segments)
    }

    /// The same rule over ranks by position (0 past a form's last segment), for forms stored
    /// another way (the route index keeps ranks, not matchers).
    // Out of line: each of its callers held a copy of the loop and of both closures.
    @inline(never)
    static func compare(
        _ lhsRank: (Int) -> UInt8, _ lhsWildcard: Bool, _ rhsRank: (Int) -> UInt8, _ rhsWildcard: Bool,
        segments: Int
    ) -> Order {
        for position in 0..<segments {
            let left = lhsRank(position)
            let right = rhsRank(position)
            if left != right { return left > right ? .moreSpecific : .lessSpecific }
        }
        if lhsWildcard != rhsWildcard { return lhsWildcard ? .lessSpecific : .moreSpecific }
        return .equal
    }
}

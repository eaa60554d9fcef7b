import DispatchKit

/// One form of a manifest route (one way through its optional groups) that matches `https` URLs on
/// the hosts a universal-link file is served on (or, for an Android filter of a custom scheme, URLs
/// of that scheme): what ``AppSiteAssociation`` and ``AndroidIntentFilter`` translate into their
/// formats.
struct LinkPathForm: Sendable {
    /// The route as the manifest lists it.
    let route: RouteManifest.Route
    /// The route's place in the manifest: the last tie-break, so that output is deterministic.
    let routeIndex: Int
    /// The path segments before any `*`.
    let segments: [SegmentMatcher]
    /// Whether a trailing `*` takes zero or more further segments.
    let hasWildcard: Bool
    /// Whether universal links (and App Links) reach the route's activity.
    let isExposed: Bool
    /// Whether the pattern matches on every served host. `false` for a `//host/…` pattern whose
    /// host is one of several served hosts, or one of the subdomains a `*.` domain stands for: a
    /// file for all of them describes it on the others too.
    let fitsEveryHost: Bool
    private let schemeRank: UInt8
    private let hostRank: UInt8

    /// `/product/:id<int> (Shop.ProductActivity)`, for notes.
    var label: String { "\(route.pattern) (\(route.activity))" }

    /// Whether some segment is typed `<int>` or `<uuid>`.
    var hasIntegerOrUUID: Bool {
        segments.contains { segment in
            if case .parameter(_, let type?) = segment, type == .int || type == .uuid { return true }
            return false
        }
    }

    /// The forms of the manifest's routes that match URLs of `scheme` (lowercased; `https` for
    /// universal links and App Links) on at least one of `domains`, in manifest order. Another
    /// scheme or another host never matches such a URL; a path-only pattern, a `:name` host and a
    /// `*` host match on every host.
    static func forms(
        of manifest: RouteManifest, scheme: String = "https", domains: [LinkDomain]
    ) -> [LinkPathForm] {
        var forms: [LinkPathForm] = []
        for (index, route) in manifest.routes.enumerated() {
            guard case .success(let pattern) = PatternParser.parse(route.pattern),
                pattern.scheme == nil || pattern.scheme == scheme
            else { continue }
            let fitsEveryHost: Bool
            switch pattern.host {
            case .any, .parameter, .wildcard: fitsEveryHost = true
            case .literal(let host):
                guard domains.contains(where: { $0.covers(host) }) else { continue }
                fitsEveryHost = domains.allSatisfy { !$0.coversSubdomains && $0.host == host }
            }
            // A pattern has a few forms: a list is enough to skip repeated shapes (and the runtime's
            // matchers need not be hashable for an app to carry their hashing).
            var seen: [[SegmentMatcher]] = []
            for form in pattern.expansions {
                let shape = form.map(\.shape)
                guard !seen.contains(shape) else { continue }
                seen.append(shape)
                forms.append(
                    LinkPathForm(
                        route: route, routeIndex: index, segments: form, hasWildcard: pattern.hasWildcard,
                        isExposed: route.exposure.admitsUniversalLinks, fitsEveryHost: fitsEveryHost,
                        schemeRank: pattern.schemeRank, hostRank: pattern.hostRank))
            }
        }
        return forms
    }

    /// The router's precedence between two forms for a path of `count` segments that both match:
    /// priority, then scheme and host, then segment by segment (literal, typed, plain, wildcard),
    /// then an exact form before a `*` that matched nothing. `.equal` means that registration
    /// order decides, which a manifest does not record.
    func compare(_ other: LinkPathForm, segments count: Int) -> Specificity.Order {
        if route.priority != other.route.priority {
            return route.priority > other.route.priority ? .moreSpecific : .lessSpecific
        }
        if schemeRank != other.schemeRank {
            return schemeRank > other.schemeRank ? .moreSpecific : .lessSpecific
        }
        if hostRank != other.hostRank { return hostRank > other.hostRank ? .moreSpecific : .lessSpecific }
        return Specificity.compare(segments, hasWildcard, other.segments, other.hasWildcard, segments: count)
    }

    /// `self` before `other` for paths of `count` segments: by precedence, an exposed form first on
    /// a tie (the files claim rather than refuse when registration order decides), then manifest
    /// order.
    func isOrdered(before other: LinkPathForm, segments count: Int) -> Bool {
        switch compare(other, segments: count) {
        case .moreSpecific: return true
        case .lessSpecific: return false
        case .equal:
            if isExposed != other.isExposed { return isExposed }
            return routeIndex < other.routeIndex
        }
    }

    /// Whether one path of `count` segments can match both forms.
    func overlaps(_ other: LinkPathForm, segments count: Int) -> Bool {
        guard accepts(count: count), other.accepts(count: count) else { return false }
        return zip(segments, other.segments).allSatisfy { $0.overlaps($1) }
    }

    /// Whether paths of `count` segments can match.
    func accepts(count: Int) -> Bool {
        hasWildcard ? count >= segments.count : count == segments.count
    }

    /// A path this form matches, with the manifest's sample values: `/product/42`.
    var samplePath: String {
        let values = segments.map { segment -> String in
            switch segment {
            case .literal(let literal): return literal
            case .parameter(_, let type): return CompiledPattern.sample(for: type)
            }
        }
        return "/" + values.joined(separator: "/")
    }
}

import DispatchKit

/// The routes of a ``RouteManifest`` in a ``RouteIndex``, looked up with the center's precedence:
/// what a URL would reach in the release the manifest describes, without its classes.
///
/// The index is the center's own, built the way a center builds it, with one stand-in owner per
/// route and a side table that maps each owner back to its manifest entry. Precedence is therefore
/// the center's by construction — priority, then scheme and host, then specificity from the left —
/// except for what a manifest does not record:
/// - Registration order, which settles a tie between two classes of the same priority whose
///   patterns match a URL equally well: here the class whose name sorts first wins (the center
///   reports such pairs with `DispatchCenter.validate()` when their patterns have the same shape).
/// - A class with a custom `isHit`: it is assumed to claim no URL a route claims, and a URL that no
///   route claims reaches ``RouteChange/Reach/customClaimantOrFallback(claimants:fallback:)``.
/// - A class with patterns whose `isHit` declines some of their URLs: it is taken at its patterns.
struct ManifestLookup: Sendable {
    /// What a URL reaches, the exposure of the activity it reaches, and the keys of its typed link
    /// that the URL does not decode.
    struct Arrival: Sendable, Hashable {
        var reach: RouteChange.Reach
        var exposure: RouteManifest.Exposure?
        var refusals: [KeyRefusal] = []
    }

    /// A key of a typed link that a URL does not decode: the decoder's error, without the names of
    /// the activity and type, which each release writes its own way.
    struct KeyRefusal: Sendable, Hashable {
        let key: String
        let text: String?
        let reason: LinkDecodingError.Reason
        /// The type the error names, for a key the new manifest does not record.
        let expectedType: String
    }

    /// The route that wins a URL: its position in ``RouteManifest/routes`` and the form of its
    /// pattern (``CompiledPattern/expansions``) that matched.
    struct Winner: Sendable, Hashable {
        let entry: Int
        let form: Int
    }

    let manifest: RouteManifest
    /// Each route's pattern parsed, by entry; `nil` for one that does not parse.
    let compiled: [CompiledPattern?]
    /// The entries of each activity, in manifest order.
    let entriesByActivity: [String: [Int]]
    private let index: RouteIndex
    /// The manifest entry of each owner of ``index``, by owner number.
    private let entries: [Int]

    init(_ manifest: RouteManifest) {
        self.manifest = manifest
        let routes = manifest.routes
        compiled = routes.map { route in
            guard case .success(let pattern) = RoutePattern(stringLiteral: route.pattern).compiled else {
                return nil
            }
            return pattern
        }
        var entriesByActivity: [String: [Int]] = [:]
        for (entry, route) in routes.enumerated() {
            entriesByActivity[route.activity, default: []].append(entry)
        }
        self.entriesByActivity = entriesByActivity
        // Declaration order as the center has it — priority, then class, then the class's
        // patterns — with the class's name standing in for its registration order.
        let order = routes.indices.sorted { lhs, rhs in
            let left = routes[lhs]
            let right = routes[rhs]
            if left.priority != right.priority { return left.priority > right.priority }
            if left.activity != right.activity {
                return left.activity.utf8.lexicographicallyPrecedes(right.activity.utf8)
            }
            return lhs < rhs
        }
        var levels: [Int: Int32] = [:]
        for priority in Set(routes.map(\.priority)).sorted(by: >) {
            levels[priority] = Int32(levels.count)
        }
        var builder = RouteIndex.Builder()
        builder.reserve(patterns: routes.count)
        var entries: [Int] = []
        entries.reserveCapacity(routes.count)
        for entry in order {
            // The index keeps a class per owner; the side table says which route it stands for. A
            // route of a typed link takes integers of any length in `<int>`, as its class does.
            let owner = builder.addOwner(
                DispatchActivity.self, level: levels[routes[entry].priority] ?? 0,
                hasLinkType: routes[entry].link != nil)
            builder.insert(RoutePattern(stringLiteral: routes[entry].pattern), number: 0, owner: owner)
            entries.append(entry)
        }
        index = (consume builder).build()
        self.entries = entries
    }

    /// The route that wins `url`, or `nil` if no route matches it.
    ///
    /// - Complexity: O(*n*) in the URL's path segments, plus a comparison per other matching route.
    func winner(for url: DispatchURL) -> Winner? {
        guard !index.routes.isEmpty else { return nil }
        let matches = index.routes(matching: url)
        guard matches.count > 0 else { return nil }
        let segments = url.paths.count
        var best = matches.first
        for other in matches.others where index.precedes(other, best, segments: segments) {
            best = other
        }
        let route = index.routes[Int(best)]
        return Winner(entry: entries[Int(route.owner)], form: Int(route.form))
    }

    /// What `url` reaches in the release the manifest describes.
    func arrival(for url: DispatchURL) -> Arrival {
        if let winner = winner(for: url) {
            let route = manifest.routes[winner.entry]
            return Arrival(
                reach: .activity(route.activity), exposure: route.exposure,
                refusals: refusals(decoding: url, with: route))
        }
        let fallback = manifest.fallback?.activity
        if !manifest.customClaimants.isEmpty {
            let claimants = manifest.customClaimants.map(\.activity)
            return Arrival(reach: .customClaimantOrFallback(claimants: claimants, fallback: fallback))
        }
        return Arrival(reach: fallback.map(RouteChange.Reach.fallback) ?? .nothing)
    }
}

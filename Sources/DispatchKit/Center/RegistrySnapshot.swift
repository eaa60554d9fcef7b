/// The registry frozen for lookups: the consultation order, the route index of every class that
/// declares patterns, and, per priority, the classes that are scanned with their custom `isHit`.
///
/// Built on the first lookup after a registration change; every dispatch until the next change
/// reads it as it is.
struct RegistrySnapshot {
    /// Classes of one priority that declare no patterns, in registration order.
    struct Level {
        let priority: Int
        var scanned: [DispatchActivity.Type]
    }

    let ordered: [DispatchActivity.Type]
    /// Each class's priority as read at registration, by class.
    let priorities: [ObjectIdentifier: Int]
    let index: RouteIndex
    /// Every priority in use, highest first.
    let levels: [Level]

    @MainActor
    init(_ entries: [(activity: DispatchActivity.Type, priority: Int)]) {
        var builder = RouteIndex.Builder()
        var levels: [Level] = []
        for (activity, priority) in entries {
            if levels.last?.priority != priority { levels.append(Level(priority: priority, scanned: [])) }
            let patterns = activity.patterns
            if patterns.isEmpty {
                levels[levels.count - 1].scanned.append(activity)
            }
            for (number, pattern) in patterns.enumerated() {
                // An invalid pattern never matches; validate() reports it.
                if case .success(let compiled) = pattern.compiled {
                    builder.insert(compiled, number: number, of: activity, priority: priority)
                }
            }
        }
        self.ordered = entries.map(\.activity)
        self.priorities = Dictionary(entries.map { (ObjectIdentifier($0.activity), $0.priority) }, uniquingKeysWith: { $1 })
        self.index = builder.build()
        self.levels = levels
    }

    /// One claimant: the class, and what its pattern captured (`nil` for a custom `isHit`).
    struct Claim {
        let activity: DispatchActivity.Type
        let match: RouteMatch?
    }

    /// The claimants of `url` in precedence order, stopping after `limit`.
    ///
    /// Per priority, highest first: the classes whose patterns match, most specific first (each
    /// confirmed by its `isHit`, which by default confirms), then the classes without patterns
    /// whose `isHit` returns `true`, in registration order.
    @MainActor
    func claims(for url: DispatchURL, limit: Int = .max) -> [Claim] {
        var routes = index.routes(matching: url)
        if routes.count > 1 {
            let segments = url.paths.count
            routes.sort { index.routes[Int($0)].precedes(index.routes[Int($1)], segments: segments) }
        }
        var claims: [Claim] = []
        var considered: [ObjectIdentifier] = []
        var next = 0
        for level in levels {
            while next < routes.count, index.routes[Int(routes[next])].priority == level.priority {
                let route = index.routes[Int(routes[next])]
                next += 1
                // A class's best route comes first; its other routes add nothing.
                let id = ObjectIdentifier(route.activity)
                if considered.contains(id) { continue }
                considered.append(id)
                if Self.confirm(route.activity, url) {
                    claims.append(Claim(activity: route.activity, match: route.bindings(in: url)))
                    if claims.count == limit { return claims }
                }
            }
            for activity in level.scanned where activity.isHit(url: url) {
                claims.append(Claim(activity: activity, match: nil))
                if claims.count == limit { return claims }
            }
        }
        return claims
    }

    /// Asks a class whose pattern matched to confirm; the default `isHit` answers at once.
    @MainActor
    static func confirm(_ activity: DispatchActivity.Type, _ url: DispatchURL) -> Bool {
        let previous = DispatchActivity.confirming
        DispatchActivity.confirming = ObjectIdentifier(activity)
        defer { DispatchActivity.confirming = previous }
        return activity.isHit(url: url)
    }
}

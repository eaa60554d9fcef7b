/// The registry frozen for lookups: the consultation order, the route index of every class that
/// declares patterns, and, per priority, the classes that are scanned with their custom `isHit`.
///
/// Built on the first lookup after a registration change; every dispatch until the next change
/// reads it as it is. A class, so that handing it to a lookup costs one retain.
package final class RegistrySnapshot: Sendable {
    /// Classes of one priority that declare no patterns, in registration order.
    struct Level {
        let priority: Int
        var scanned: [Scanned]
    }

    /// A class that declares no patterns, and whether it has a ``DispatchActivity/linkType``.
    struct Scanned {
        let activity: DispatchActivity.Type
        let hasLinkType: Bool
    }

    package let ordered: [DispatchActivity.Type]
    /// Each class's priority as read at registration, by position in ``ordered``: an array, not
    /// a dictionary by class, which hashing every class into would cost each build.
    package let priorities: [Int]
    package let index: RouteIndex
    /// Every priority in use, highest first.
    let levels: [Level]
    /// The patterns that do not parse, with the class that declares each and the parse error, in
    /// consultation order: what the center reports (DispatchCenter+ConfigurationErrors.swift).
    /// Found while indexing, where every pattern is parsed anyway.
    let invalidPatterns: [InvalidPattern]

    /// A pattern that does not parse: the class, the pattern, why.
    final class InvalidPattern: Sendable {
        let activity: DispatchActivity.Type
        let pattern: RoutePattern
        let error: RoutePatternError

        init(activity: DispatchActivity.Type, pattern: RoutePattern, error: RoutePatternError) {
            self.activity = activity
            self.pattern = pattern
            self.error = error
        }
    }
    /// The class that declares each ``DispatchLink`` type (``DispatchActivity/linkType``), by the
    /// link type: the first in consultation order. What ``DispatchCenter/url(for:)`` builds from.
    let linkOwners: [ObjectIdentifier: LinkOwner]

    /// A class that declares a link type, with its patterns parsed for building the link's URL:
    /// parsing them on every dispatch of a value was a tenth of its time.
    final class LinkOwner: Sendable {
        let activity: DispatchActivity.Type
        let templates: [LinkBuilding.Template]

        init(activity: DispatchActivity.Type, templates: [LinkBuilding.Template]) {
            self.activity = activity
            self.templates = templates
        }
    }

    /// What is indexed as one: a class and its patterns, or one case of a module link.
    private struct Unit {
        let activity: DispatchActivity.Type
        let priority: Int
        let patterns: [RoutePattern]
        let hasLinkType: Bool
        let linkCase: LinkCase?
    }

    /// - Parameter capacity: What the route index may hold (see ``RouteIndex/Builder``): the
    ///   encoding's capacity, or less in a test of what happens past it.
    @MainActor
    init(
        _ entries: [(activity: DispatchActivity.Type, priority: Int)],
        capacity: Int = RouteIndex.Builder.defaultCapacity
    ) {
        var builder = RouteIndex.Builder(capacity: capacity)
        var levels: [Level] = []
        // Loops, not `map`: in a main-actor initialiser every closure call checks the executor.
        var units: [Unit] = []
        units.reserveCapacity(entries.count)
        var ordered: [DispatchActivity.Type] = []
        ordered.reserveCapacity(entries.count)
        var priorities: [Int] = []
        priorities.reserveCapacity(entries.count)
        var patternCount = 0
        var linkOwners: [ObjectIdentifier: LinkOwner] = [:]
        var hasCaseRoutes = false
        for (activity, priority) in entries {
            ordered.append(activity)
            priorities.append(priority)
            let linkType = activity.linkType
            let routes = linkType == nil ? LinkCaseRoutes() : activity.caseRoutes
            var templates: [LinkBuilding.Template] = []
            if routes.isEmpty {
                let patterns = activity.patterns
                patternCount += patterns.count
                units.append(
                    Unit(
                        activity: activity, priority: priority, patterns: patterns,
                        hasLinkType: linkType != nil,
                        linkCase: nil))
                if linkType != nil {
                    for pattern in patterns { templates.append(LinkBuilding.Template(pattern)) }
                }
            } else {
                // A module link: each case is a route of its own, at its own priority.
                hasCaseRoutes = true
                for route in routes.cases {
                    // A case not found (validate() reports it) has no name to be claimed by.
                    guard let name = route.name else { continue }
                    patternCount += route.patterns.count
                    units.append(
                        Unit(
                            activity: activity, priority: route.priority ?? priority,
                            patterns: route.patterns,
                            hasLinkType: true,
                            linkCase: LinkCase(name: name, exposure: route.exposure, reader: route.reader)))
                    for pattern in route.patterns {
                        templates.append(LinkBuilding.Template(pattern, caseName: name))
                    }
                }
            }
            if let linkType, linkOwners[ObjectIdentifier(linkType)] == nil {
                linkOwners[ObjectIdentifier(linkType)] = LinkOwner(activity: activity, templates: templates)
            }
        }
        // A case's own priority may place it apart from its class; the order is otherwise kept.
        if hasCaseRoutes {
            units = units.sortedByPosition { $0.priority > $1.priority }
        }
        builder.reserve(patterns: patternCount)
        var invalid: [InvalidPattern] = []
        for unit in units {
            if levels.last?.priority != unit.priority {
                levels.append(Level(priority: unit.priority, scanned: []))
            }
            if unit.patterns.isEmpty {
                // A case without patterns is never claimed (validate() reports it); a class without
                // any is asked with its own isHit.
                if unit.linkCase == nil {
                    levels[levels.count - 1].scanned.append(
                        Scanned(activity: unit.activity, hasLinkType: unit.hasLinkType))
                }
                continue
            }
            let owner = builder.addOwner(
                unit.activity, level: Int32(levels.count - 1), hasLinkType: unit.hasLinkType,
                linkCase: unit.linkCase)
            for (number, pattern) in unit.patterns.enumerated() {
                if let error = builder.insert(pattern, number: number, owner: owner) {
                    invalid.appendOffThePath(
                        InvalidPattern(activity: unit.activity, pattern: pattern, error: error))
                }
            }
        }
        self.invalidPatterns = invalid
        self.linkOwners = linkOwners
        self.ordered = ordered
        self.priorities = priorities
        // `consume`: calling the consuming build() on the variable itself copied the builder
        // first, and with it the references that make build() copy its arrays.
        self.index = (consume builder).build()
        self.levels = levels
    }

    /// One claimant: the class, what its pattern captured (`nil` for a custom `isHit`), and
    /// whether it has a ``DispatchActivity/linkType`` — read when the snapshot was built, so that
    /// a dispatch to a class without one does not ask it.
    package struct Claim {
        package let activity: DispatchActivity.Type
        let match: RouteMatch?
        let hasLinkType: Bool
        /// The owner, in the index, of the case of a module link whose route matched; -1 for any
        /// other claim. A number, not the case: a reference in every claim slowed every dispatch.
        package var caseOwner: Int32 = -1
    }

    /// Every claimant of `url`, in precedence order.
    @MainActor
    func claims(for url: DispatchURL) -> [Claim] {
        var claims: [Claim] = []
        forEachClaim(for: url) { claim in
            claims.appendOffThePath(claim)
            return true
        }
        return claims
    }

    /// The claimant that dispatch runs, without building a list.
    @MainActor
    package func firstClaim(for url: DispatchURL) -> Claim? {
        var first: Claim?
        forEachClaim(for: url) { claim in
            first = claim
            return false
        }
        return first
    }

    /// The first class whose pattern matches `url` and names what its undeclared origin lacks
    /// (``RouteIndex/routes(matching:naming:)``): the claimant of a URL from outside whose origin
    /// the app did not declare. The classes without patterns are not asked: they name nothing.
    @MainActor @inline(never)
    func firstClaim(for url: DispatchURL, naming undeclared: LinkOrigins.Undeclared) -> Claim? {
        let segments = url.paths.count
        // Higher priority first (a lower level), then the more specific route, as for any URL.
        let found = index.routes(matching: url, naming: undeclared).all.sortedByPosition {
            let (left, right) = (index.level(of: $0), index.level(of: $1))
            return left != right ? left < right : index.precedes($0, $1, segments: segments)
        }
        // The classes without patterns are not asked: only a route names an origin.
        for position in found {
            let route = index.routes[Int(position)]
            let activity = index.owners[Int(route.owner)].activity
            guard Self.confirm(activity, url) else { continue }
            return Claim(
                activity: activity, match: index.bindings(of: route, in: url),
                hasLinkType: index.owners[Int(route.owner)].hasLinkType,
                caseOwner: index.owners[Int(route.owner)].linkCase == nil ? -1 : route.owner)
        }
        return nil
    }

    /// Calls `body` with each claimant of `url` in precedence order until it returns `false`.
    ///
    /// Per priority, highest first: the classes whose patterns match, most specific first (each
    /// confirmed by its `isHit`, which by default confirms), then the classes without patterns
    /// whose `isHit` returns `true`, in registration order.
    @MainActor
    private func forEachClaim(for url: DispatchURL, _ body: (Claim) -> Bool) {
        let matches = index.routes.isEmpty ? RouteIndex.Matches() : index.routes(matching: url)
        if matches.count <= 1 {
            var first = matches.first
            withUnsafePointer(to: &first) { first in
                visit(
                    UnsafeBufferPointer(start: first, count: matches.count), url, body,
                    firstStaticOwner: matches.firstStaticOwner)
            }
        } else {
            let segments = url.paths.count
            let found = matches.all.sortedByPosition { index.precedes($0, $1, segments: segments) }
            found.withUnsafeBufferPointer { visit($0, url, body) }
        }
    }

    /// ``forEachClaim(for:_:)`` over the matching routes `found`, already in precedence order.
    ///
    /// - Parameter firstStaticOwner: The class of `found[0]` if it captures nothing and the
    ///   lookup already knows its class (``RouteIndex/Matches/firstStaticOwner``), else -1: the
    ///   route itself, one more cache miss in a large index, is then not read.
    @MainActor
    private func visit(
        _ found: UnsafeBufferPointer<Int32>, _ url: DispatchURL, _ body: (Claim) -> Bool,
        firstStaticOwner: Int32 = -1
    ) {
        var next = 0
        for (level, classes) in levels.enumerated() {
            while next < found.count {
                let isStatic = next == 0 && firstStaticOwner >= 0
                let owner = isStatic ? firstStaticOwner : index.routes[Int(found[next])].owner
                guard index.owners[Int(owner)].level == level else { break }
                next += 1
                // A class's best route comes first; its later routes add nothing.
                if found[..<(next - 1)].contains(where: { index.routes[Int($0)].owner == owner }) { continue }
                let activity = index.owners[Int(owner)].activity
                guard Self.confirm(activity, url) else { continue }
                let match =
                    isStatic
                    ? RouteMatch(wildcard: nil)
                    : index.bindings(of: index.routes[Int(found[next - 1])], in: url)
                let claim = Claim(
                    activity: activity, match: match, hasLinkType: index.owners[Int(owner)].hasLinkType,
                    caseOwner: index.owners[Int(owner)].linkCase == nil ? -1 : owner)
                if !body(claim) { return }
            }
            for scanned in classes.scanned where scanned.activity.isHit(url: url) {
                if !body(Claim(activity: scanned.activity, match: nil, hasLinkType: scanned.hasLinkType)) {
                    return
                }
            }
        }
    }

    /// Asks a class whose pattern matched to confirm; the default `isHit` answers at once.
    /// The case of a module link that owns the routes of `owner` (a claim's
    /// ``Claim/caseOwner``), or `nil` for -1.
    package func linkCase(ofOwner owner: Int32) -> LinkCase? {
        owner < 0 ? nil : index.owners[Int(owner)].linkCase
    }

    @MainActor
    package static func confirm(_ activity: DispatchActivity.Type, _ url: DispatchURL) -> Bool {
        let previous = DispatchActivity.confirming
        DispatchActivity.confirming = ObjectIdentifier(activity)
        defer { DispatchActivity.confirming = previous }
        return activity.isHit(url: url)
    }
}

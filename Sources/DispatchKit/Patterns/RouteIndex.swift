/// Every registered pattern in a trie keyed by scheme, host and path segments, so that finding
/// the patterns that match a URL costs O(segments), not O(routes).
///
/// Built by ``Builder`` when the registry changes, then frozen: lookups only read it. Each form
/// of a pattern (one per way through its optional groups) is one ``Route``; a lookup returns the
/// routes that match, and ``precedes(_:_:segments:)`` orders them by the precedence rule.
///
/// The layout is flat and small on purpose (about 140 bytes per route with the registry): a
/// lookup in 10,000 routes should wait for as few cache misses as a lookup in 10. Nodes, routes
/// and literal edges live in three arrays; what parameterised routes capture (ranks and names of
/// their segments) lives in a fourth, shared by routes of the same shape. The edge of each URL
/// segment is found from the segments alone (see ``EdgeTable``), so their loads overlap; the edge
/// to a static leaf names its route and class, so a static lookup reads neither node nor route.
package struct RouteIndex: Sendable {
    /// One form of one pattern of one class: 20 bytes, stored in trie-node order so that the
    /// routes ending at a node are a range of ``routes`` and a lookup reads them in place.
    package struct Route: Sendable {
        /// The declaring class, as an index into ``classes``.
        package let owner: Int32
        /// Which of the class's ``DispatchActivity/patterns`` this form comes from.
        package let pattern: Int32
        /// Where this route's entries start in ``segmentInfo``, or -1 if it captures nothing (all
        /// its segments are literals, rank 3).
        let info: Int32
        /// Declaration order: classes in consultation order, then their patterns, then the forms
        /// of each pattern, preferred first. Breaks every tie.
        package let declaration: Int32
        package let segmentCount: UInt16
        /// Which of the pattern's forms (``CompiledPattern/expansions``) this is.
        package let form: UInt8
        let flags: Flags

        /// Bits, with only the two set operations the index uses: as an `OptionSet`, the
        /// conformance kept all of `SetAlgebra`'s in every app (1 KB).
        struct Flags: Sendable {
            private(set) var rawValue: UInt8
            static let schemeLiteral = Flags(rawValue: 1)
            static let wildcard = Flags(rawValue: 2)
            static let hostParameter = Flags(rawValue: 4)
            /// The host rank (0 any, 1 `*`, 2 parameter, 3 literal) sits in bits 4 and 5.
            static func hostRank(_ rank: UInt8) -> Flags { Flags(rawValue: (rank & 3) << 4) }

            func contains(_ flag: Flags) -> Bool { rawValue & flag.rawValue == flag.rawValue }
            mutating func insert(_ flag: Flags) { rawValue |= flag.rawValue }
        }

        package var schemeRank: UInt8 { flags.contains(.schemeLiteral) ? 1 : 0 }
        package var hostRank: UInt8 { (flags.rawValue >> 4) & 3 }
        package var hasWildcard: Bool { flags.contains(.wildcard) }
    }

    /// A trie node: the non-literal edges out of it (its literal edges live in ``literalEdges``)
    /// and the routes that end here, as ranges of ``routes`` that follow the previous node's.
    /// 16 bytes: there are about two per route.
    package struct Node: Sendable {
        /// The first typed edge in ``typedEdges``, or -1.
        package internal(set) var typed: Int32 = -1
        /// The parameter child plus one (0: none) in the low 30 bits, and whether literal edges
        /// leave this node in bit 30.
        private var parameterAndLiterals: Int32 = 0
        private static let literalsBit: Int32 = 1 << 30

        /// The child along a parameter edge, or -1.
        package internal(set) var parameter: Int32 {
            get { (parameterAndLiterals & ~Self.literalsBit) - 1 }
            set { parameterAndLiterals = (parameterAndLiterals & Self.literalsBit) | (newValue + 1) }
        }

        /// Whether literal edges leave this node.
        var hasLiterals: Bool {
            get { parameterAndLiterals & Self.literalsBit != 0 }
            set {
                parameterAndLiterals =
                    newValue
                    ? parameterAndLiterals | Self.literalsBit : parameterAndLiterals & ~Self.literalsBit
            }
        }
        /// Routes whose last segment is this node end at `exactEnd`; routes whose `*` starts here
        /// (it matches zero or more further segments) follow, up to `wildcardEnd`.
        package internal(set) var exactEnd: Int32 = 0
        package internal(set) var wildcardEnd: Int32 = 0
    }

    package struct TypedEdge: Sendable {
        package let type: ParameterType
        package let node: Int32
        /// The next typed edge of the same node, or -1.
        package internal(set) var next: Int32
        /// Whether this `<int>` edge admits integers of any length: the edge of classes with a
        /// ``DispatchActivity/linkType``, apart from the `Int64`-bound edge of the others.
        package let unboundedIntegers: Bool

        package func accepts(_ segment: String) -> Bool {
            type.accepts(segment, unboundedIntegers: unboundedIntegers)
        }
    }

    /// Where path tries start, by what a pattern says about the host.
    package struct HostTable: Sendable {
        package internal(set) var literals: [String: Int32] = [:]
        package internal(set) var parameter: Int32 = -1
        package internal(set) var wildcard: Int32 = -1
        package internal(set) var any: Int32 = -1

        /// The root node for patterns with this kind of host, or -1.
        func root(for host: CompiledPattern.Host) -> Int32 {
            switch host {
            case .any: return any
            case .parameter: return parameter
            case .wildcard: return wildcard
            case .literal(let literal): return literals[literal] ?? -1
            }
        }

        mutating func setRoot(_ node: Int32, for host: CompiledPattern.Host) {
            switch host {
            case .any: any = node
            case .parameter: parameter = node
            case .wildcard: wildcard = node
            case .literal(let literal): literals[literal] = node
            }
        }
    }

    /// A registered class with patterns and its priority level (0 for the highest priority in use).
    package struct Owner: Sendable {
        package let activity: DispatchActivity.Type
        let level: Int32
        /// Whether the class has a ``DispatchActivity/linkType``: its `<int>` parameters then admit
        /// integers of any length, and the center decodes its link before creating it.
        let hasLinkType: Bool
        /// The case of a module link these routes select, or `nil` for a class's own routes.
        let linkCase: LinkCase?
    }

    package var owners: [Owner] = []
    package var routes: [Route] = []
    package internal(set) var nodes: [Node] = []
    package internal(set) var typedEdges: [TypedEdge] = []
    /// Per parameterised route: an entry for the host parameter if there is one, then one per
    /// segment. An entry is the segment's rank (bits 0–1) and 1 + the index of its parameter name
    /// in ``names`` (0: no name).
    ///
    /// Routes with the same entries share them (`/m1/item/:id` and `/m2/item/:id`): an app has
    /// thousands of parameterised routes but few shapes, so this stays small and in cache, and
    /// reading what a route captures is not one more cache miss per dispatch.
    var segmentInfo: [UInt32] = []
    var names: [String] = []
    package internal(set) var literalEdges = EdgeTable()
    package internal(set) var schemes: [String: HostTable] = [:]
    package internal(set) var anyScheme = HostTable()
    /// The patterns the index could not hold, in the order they were refused (see ``Builder``):
    /// they never match, and `DispatchCenter.validate()` reports them.
    package var unindexed: [Unindexed] = []

    /// A pattern the index refused: the class, by its place in ``owners``, and the pattern's
    /// place in its ``DispatchActivity/patterns``.
    package struct Unindexed: Sendable, Equatable {
        package let owner: Int32
        package let pattern: Int
    }

    // MARK: - Lookup

    /// The routes that match `url`, in no particular order.
    ///
    /// - Complexity: O(*n* × *b*) for *n* path segments and *b* matching branches per segment
    ///   (1 for distinct static routes), independent of the number of routes.
    package func routes(matching url: DispatchURL) -> Matches {
        var found = Matches()
        if !schemes.isEmpty, let scheme = url.scheme, let table = schemes[scheme] {
            collect(table, url, into: &found)
        }
        collect(anyScheme, url, into: &found)
        return found
    }

    /// The routes that match `url` and name what its origin lacks: for ``LinkOrigins/Undeclared/scheme(_:)``
    /// the patterns with that scheme, for ``LinkOrigins/Undeclared/host(_:)`` the patterns with that
    /// literal host (of the URL's scheme or any). Used for URLs from outside whose origin the app did
    /// not declare, which only such patterns claim.
    func routes(matching url: DispatchURL, naming undeclared: LinkOrigins.Undeclared) -> Matches {
        var found = Matches()
        switch undeclared {
        case .scheme(let scheme):
            if let table = schemes[scheme] { collect(table, url, into: &found) }
        case .host(let host, _):
            for table in [url.scheme.flatMap { schemes[$0] }, anyScheme] {
                if let node = table?.literals[host] { walk(root: node, url.paths, into: &found) }
            }
        }
        return found
    }

    /// The priority level of the class of `route` (0 for the highest priority in use).
    func level(of route: Int32) -> Int32 {
        owners[Int(routes[Int(route)].owner)].level
    }

    /// The routes a lookup found. Most URLs match one route or none, so the first is kept
    /// inline and only a second one allocates.
    package struct Matches {
        package private(set) var first: Int32 = -1
        /// The class of ``first`` if it captures nothing and the lookup learnt its class without
        /// reading it (a static leaf, see ``EdgeTable/Target``), else -1.
        private(set) var firstStaticOwner: Int32 = -1
        package private(set) var others: [Int32] = []

        mutating func append(_ route: Int32, staticOwner: Int32 = -1) {
            if first < 0 {
                first = route
                firstStaticOwner = staticOwner
            } else {
                others.append(route)
            }
        }

        package var count: Int { first < 0 ? 0 : 1 + others.count }

        var all: [Int32] { first < 0 ? [] : [first] + others }
    }

    private func collect(_ table: HostTable, _ url: DispatchURL, into found: inout Matches) {
        if let host = url.host {
            if !table.literals.isEmpty, let node = table.literals[host] {
                walk(root: node, url.paths, into: &found)
            }
            if table.parameter >= 0 { walk(root: table.parameter, url.paths, into: &found) }
            if table.wildcard >= 0 { walk(root: table.wildcard, url.paths, into: &found) }
        }
        if table.any >= 0 { walk(root: table.any, url.paths, into: &found) }
    }

    package func terminalStart(of node: Int) -> Int {
        node == 0 ? 0 : Int(nodes[node - 1].wildcardEnd)
    }

    private func walk(root: Int32, _ paths: [String], into found: inout Matches) {
        walk(root, trail: SegmentKey.trail(ofRoot: root), 0, paths, into: &found)
    }

    /// Collects the routes that match from node `index` at `depth` (recursion depth is bounded
    /// by the longest pattern, not by the URL).
    ///
    /// - Parameter parameterChild: The node's parameter child if the caller knows it (from the
    ///   edge it came along, ``EdgeTable/Target/node(_:parameterChild:)``), so that the walk into
    ///   it does not wait for this node to be read.
    private func walk(
        _ index: Int32, trail: UInt64, _ depth: Int, _ paths: [String], into found: inout Matches,
        parameterChild: Int32? = nil
    ) {
        let node = Int(index)
        let exactEnd = Int(nodes[node].exactEnd)
        let wildcardEnd = Int(nodes[node].wildcardEnd)
        for route in exactEnd..<wildcardEnd { found.append(Int32(route)) }
        guard depth < paths.count else {
            for route in terminalStart(of: node)..<exactEnd { found.append(Int32(route)) }
            return
        }
        if nodes[node].hasLiterals { walkLiteral(from: index, trail: trail, depth, paths, into: &found) }
        var typed = nodes[node].typed
        while typed >= 0 {
            let edge = typedEdges[Int(typed)]
            if edge.accepts(paths[depth]) {
                walk(
                    edge.node, trail: SegmentKey.typedMarker.trail(after: trail), depth + 1, paths,
                    into: &found)
            }
            typed = edge.next
        }
        let parameter = parameterChild ?? nodes[node].parameter
        if parameter >= 0 {
            walk(
                parameter, trail: SegmentKey.parameterMarker.trail(after: trail), depth + 1, paths,
                into: &found)
        }
    }

    /// Follows the literal edge for `paths[depth]`, and on through nodes that only lead to more
    /// literals (`/m12/…` in an app whose modules start with their name) without reading them.
    ///
    /// Where each edge is depends on the URL's segments only (see ``EdgeTable``), not on what the
    /// previous edge held: the processor can load the next one before the previous has arrived.
    private func walkLiteral(
        from index: Int32, trail: UInt64, _ depth: Int, _ paths: [String], into found: inout Matches
    ) {
        var parent = index
        var trail = trail
        var depth = depth
        while true {
            let literal = SegmentKey.Literal(paths[depth])
            trail = literal.key.trail(after: trail)
            guard let target = literalEdges.target(from: parent, literal, trail: trail) else { return }
            depth += 1
            switch target {
            case .node(let node, let parameterChild):
                return walk(node, trail: trail, depth, paths, into: &found, parameterChild: parameterChild)
            case .route(let route, let owner):
                // A leaf: its one route matches if the URL ends here.
                if depth == paths.count { found.append(route, staticOwner: owner) }
                return
            case .passthrough(let node):
                // No routes end there and only literal edges leave it.
                guard depth < paths.count else { return }
                parent = node
            }
        }
    }

    // MARK: - Routes

    package func activity(of route: Route) -> DispatchActivity.Type { owners[Int(route.owner)].activity }

    package func level(of route: Route) -> Int32 { owners[Int(route.owner)].level }

    /// The specificity of `route`'s segment at `position`: 3 literal, 2 typed, 1 parameter, 0
    /// past its last segment (what its `*`, if any, matched).
    package func rank(of route: Route, at position: Int) -> UInt8 {
        guard position < Int(route.segmentCount) else { return 0 }
        guard route.info >= 0 else { return 3 }
        let hostEntry = route.flags.contains(.hostParameter) ? 1 : 0
        return UInt8(segmentInfo[Int(route.info) + hostEntry + position] & 3)
    }

    /// Whether route `lhs` wins over route `rhs` for a URL with `segments` path segments that both
    /// match: higher priority, then more specific from the left, then declared first.
    package func precedes(_ lhs: Int32, _ rhs: Int32, segments: Int) -> Bool {
        let left = routes[Int(lhs)]
        let right = routes[Int(rhs)]
        let leftLevel = owners[Int(left.owner)].level
        let rightLevel = owners[Int(right.owner)].level
        if leftLevel != rightLevel { return leftLevel < rightLevel }
        if left.schemeRank != right.schemeRank { return left.schemeRank > right.schemeRank }
        if left.hostRank != right.hostRank { return left.hostRank > right.hostRank }
        switch Specificity.compare(
            { rank(of: left, at: $0) }, left.hasWildcard, { rank(of: right, at: $0) }, right.hasWildcard,
            segments: segments)
        {
        case .moreSpecific: return true
        case .lessSpecific: return false
        case .equal: return left.declaration < right.declaration
        }
    }

    /// What `route` captures from `url`, which it matches.
    func bindings(of route: Route, in url: DispatchURL) -> RouteMatch {
        guard route.info >= 0 else {
            return RouteMatch(
                wildcard: route.hasWildcard ? Array(url.paths.dropFirst(Int(route.segmentCount))) : nil)
        }
        let hostEntry = route.flags.contains(.hostParameter) ? Int(route.info) : nil
        let first = Int(route.info) + (hostEntry == nil ? 0 : 1)
        return RouteMatch(
            segmentCount: Int(route.segmentCount), parameterName: { name(of: segmentInfo[first + $0]) },
            hostParameter: hostEntry.flatMap { name(of: segmentInfo[$0]) }, hasWildcard: route.hasWildcard,
            in: url)
    }

    private func name(of entry: UInt32) -> String? {
        let number = Int(entry >> 2)
        return number > 0 && number <= names.count ? names[number - 1] : nil
    }
}

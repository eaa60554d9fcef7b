/// Every registered pattern in a trie keyed by scheme, host and path segments, so that finding
/// the patterns that match a URL costs O(segments), not O(routes).
///
/// Built by ``Builder`` when the registry changes, then frozen: lookups only read it. Each form
/// of a pattern (one per way through its optional groups) is one ``Route``; a lookup returns the
/// routes that match, and ``Route/precedes(_:segments:)`` orders them by the precedence rule.
struct RouteIndex: Sendable {
    /// One form of one pattern of one class.
    struct Route: Sendable {
        let activity: DispatchActivity.Type
        let priority: Int
        /// Which of the class's ``DispatchActivity/patterns`` this form comes from.
        let pattern: Int32
        /// Position in declaration order: classes in consultation order, then their patterns in
        /// order, then the forms of each pattern, preferred first. Breaks every tie.
        let declaration: Int32
        let schemeRank: UInt8
        let hostRank: UInt8
        let hasWildcard: Bool
        let hostParameter: String?
        let segments: [SegmentMatcher]
        /// Whether any parameter is captured; static routes skip building a dictionary.
        let hasParameters: Bool

        /// Whether this route wins over `other` for a URL with `segments` path segments that both
        /// match: higher priority, then more specific, then declared first.
        func precedes(_ other: Route, segments count: Int) -> Bool {
            if priority != other.priority { return priority > other.priority }
            if schemeRank != other.schemeRank { return schemeRank > other.schemeRank }
            if hostRank != other.hostRank { return hostRank > other.hostRank }
            switch Specificity.compare(segments, hasWildcard, other.segments, other.hasWildcard, segments: count) {
            case .moreSpecific: return true
            case .lessSpecific: return false
            case .equal: return declaration < other.declaration
            }
        }

        func bindings(in url: DispatchURL) -> RouteMatch {
            // Static routes skip the walk over their segments.
            guard hasParameters || hasWildcard else { return RouteMatch() }
            return RouteMatch(capturing: segments, hostParameter: hostParameter, hasWildcard: hasWildcard, in: url)
        }
    }

    /// A trie node: the edges out of it (its literal edges live in ``literalEdges``), and the
    /// routes that end here, as ranges of ``terminals``. No per-node dictionary or array: a
    /// lookup touches fewer cache lines and retains nothing, and the index allocates far less.
    struct Node: Sendable {
        /// The literal segment that leads here from the parent (empty for other edges).
        var label = ""
        var typed: [(type: ParameterType, node: Int32)] = []
        var parameter: Int32 = -1
        /// Routes whose last segment is this node: `terminals[exactStart..<wildcardStart]`.
        var exactStart: Int32 = 0
        /// Routes whose `*` starts here (it matches zero or more further segments):
        /// `terminals[wildcardStart..<wildcardEnd]`.
        var wildcardStart: Int32 = 0
        var wildcardEnd: Int32 = 0
    }

    /// Where path tries start, by what a pattern says about the host.
    struct HostTable: Sendable {
        var literals: [String: Int32] = [:]
        var parameter: Int32 = -1
        var wildcard: Int32 = -1
        var any: Int32 = -1

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

    private(set) var routes: [Route] = []
    private var nodes: [Node] = []
    private var terminals: [Int32] = []
    /// Every literal edge of the trie in one table.
    private var literalEdges = EdgeTable()

    /// The child of `node` along the literal `segment`, if there is one.
    private func literalChild(of node: Int32, _ segment: String, fingerprint: Int) -> Int32? {
        literalEdges.child(of: node, fingerprint: fingerprint) { nodes[Int($0)].label == segment }
    }
    private var schemes: [String: HostTable] = [:]
    private var anyScheme = HostTable()

    /// - Complexity: O(*n* × *b*) for *n* path segments and *b* matching branches per segment
    ///   (1 for distinct static routes), independent of the number of routes.
    func routes(matching url: DispatchURL) -> [Int32] {
        var found: [Int32] = []
        found.reserveCapacity(4)
        if !schemes.isEmpty, let scheme = url.scheme, let table = schemes[scheme] {
            collect(table, url, into: &found)
        }
        collect(anyScheme, url, into: &found)
        return found
    }

    private func collect(_ table: HostTable, _ url: DispatchURL, into found: inout [Int32]) {
        if let host = url.host {
            if let node = table.literals[host] { walk(node, 0, url.paths, into: &found) }
            if table.parameter >= 0 { walk(table.parameter, 0, url.paths, into: &found) }
            if table.wildcard >= 0 { walk(table.wildcard, 0, url.paths, into: &found) }
        }
        if table.any >= 0 { walk(table.any, 0, url.paths, into: &found) }
    }

    // Recursion depth is bounded by the longest pattern, not by the URL.
    private func walk(_ index: Int32, _ depth: Int, _ paths: [String], into found: inout [Int32]) {
        let node = Int(index)
        // Fields are read in place: copying the node would retain and release all its storage.
        for terminal in Int(nodes[node].wildcardStart)..<Int(nodes[node].wildcardEnd) {
            found.append(terminals[terminal])
        }
        guard depth < paths.count else {
            for terminal in Int(nodes[node].exactStart)..<Int(nodes[node].wildcardStart) {
                found.append(terminals[terminal])
            }
            return
        }
        let segment = paths[depth]
        if let child = literalChild(of: index, segment, fingerprint: segment.hashValue) {
            walk(child, depth + 1, paths, into: &found)
        }
        if !nodes[node].typed.isEmpty {
            for edge in nodes[node].typed where edge.type.accepts(segment) {
                walk(edge.node, depth + 1, paths, into: &found)
            }
        }
        let parameter = nodes[node].parameter
        if parameter >= 0 { walk(parameter, depth + 1, paths, into: &found) }
    }

    /// The routes that match every URL `route` matches (itself included): the candidates that
    /// could always win over it. Walks the trie like a lookup, following every edge whose matcher
    /// accepts all that `route`'s matcher at that position accepts.
    func routes(covering route: Route, scheme: String?, host: CompiledPattern.Host) -> [Int32] {
        var found: [Int32] = []
        var tables: [HostTable] = [anyScheme]
        if let scheme, let table = schemes[scheme] { tables.append(table) }
        for table in tables {
            var roots = [table.any]
            switch host {
            case .any: break
            case .literal(let literal): roots += [table.literals[literal] ?? -1, table.parameter, table.wildcard]
            case .parameter, .wildcard: roots += [table.parameter, table.wildcard]
            }
            for root in roots where root >= 0 {
                walk(covering: route, root, 0, into: &found)
            }
        }
        return found
    }

    private func walk(covering route: Route, _ index: Int32, _ depth: Int, into found: inout [Int32]) {
        let node = nodes[Int(index)]
        found.append(contentsOf: terminals[Int(node.wildcardStart)..<Int(node.wildcardEnd)])
        guard depth < route.segments.count else {
            if !route.hasWildcard { found.append(contentsOf: terminals[Int(node.exactStart)..<Int(node.wildcardStart)]) }
            return
        }
        let segment = route.segments[depth]
        switch segment {
        case .literal(let literal):
            if let child = literalChild(of: index, literal, fingerprint: literal.hashValue) {
                walk(covering: route, child, depth + 1, into: &found)
            }
            for edge in node.typed where edge.type.accepts(literal) {
                walk(covering: route, edge.node, depth + 1, into: &found)
            }
        case .parameter(_, let type?):
            for edge in node.typed where edge.type.covers(type) {
                walk(covering: route, edge.node, depth + 1, into: &found)
            }
        case .parameter(_, nil):
            break
        }
        if node.parameter >= 0 { walk(covering: route, node.parameter, depth + 1, into: &found) }
    }

    /// Collects routes, then ``build()`` freezes them into an index.
    struct Builder {
        private var index = RouteIndex()
        /// While building: where each route ends, laid out per node by ``build()``.
        private var endings: [(node: Int32, route: Int32, isWildcard: Bool)] = []

        /// Adds every form of `pattern`, declared by `activity`.
        @MainActor
        mutating func insert(
            _ pattern: CompiledPattern, number: Int, of activity: DispatchActivity.Type, priority: Int
        ) {
            let hostParameter: String?
            if case .parameter(let name) = pattern.host { hostParameter = name } else { hostParameter = nil }
            for form in pattern.expansions {
                let id = Int32(index.routes.count)
                index.routes.append(
                    Route(
                        activity: activity, priority: priority, pattern: Int32(number), declaration: id, schemeRank: pattern.schemeRank,
                        hostRank: pattern.hostRank, hasWildcard: pattern.hasWildcard, hostParameter: hostParameter,
                        segments: form,
                        hasParameters: hostParameter != nil || form.contains { $0.parameterName != nil }))
                var node = root(for: pattern)
                for segment in form { node = child(of: node, for: segment) }
                endings.append((node, id, pattern.hasWildcard))
            }
        }

        /// Lays every node's routes out in one array, in node order (a counting sort: O(routes)).
        consuming func build() -> RouteIndex {
            var exactCount = [Int32](repeating: 0, count: index.nodes.count)
            var wildcardCount = [Int32](repeating: 0, count: index.nodes.count)
            for ending in endings {
                if ending.isWildcard { wildcardCount[Int(ending.node)] += 1 } else { exactCount[Int(ending.node)] += 1 }
            }
            var next: Int32 = 0
            for node in index.nodes.indices {
                index.nodes[node].exactStart = next
                next += exactCount[node]
                index.nodes[node].wildcardStart = next
                next += wildcardCount[node]
                index.nodes[node].wildcardEnd = next
            }
            // Fill each node's ranges in declaration order, which the routes' ids follow.
            var exactFill = index.nodes.map(\.exactStart)
            var wildcardFill = index.nodes.map(\.wildcardStart)
            index.terminals = [Int32](repeating: 0, count: endings.count)
            for ending in endings {
                let node = Int(ending.node)
                if ending.isWildcard {
                    index.terminals[Int(wildcardFill[node])] = ending.route
                    wildcardFill[node] += 1
                } else {
                    index.terminals[Int(exactFill[node])] = ending.route
                    exactFill[node] += 1
                }
            }
            // The index lives until the next registration change: drop the slack that growing
            // by doubling left (up to half of each array).
            index.routes = Self.trimmed(index.routes)
            index.nodes = Self.trimmed(index.nodes)
            return index
        }

        private static func trimmed<Element>(_ array: [Element]) -> [Element] {
            guard array.capacity > array.count else { return array }
            var exact: [Element] = []
            exact.reserveCapacity(array.count)
            exact.append(contentsOf: array)
            return exact
        }

        private mutating func root(for pattern: CompiledPattern) -> Int32 {
            let existing = pattern.scheme.map { index.schemes[$0]?.root(for: pattern.host) ?? -1 }
                ?? index.anyScheme.root(for: pattern.host)
            if existing >= 0 { return existing }
            let node = newNode()
            // Written in place: copying the table out and back would duplicate its host dictionary
            // on every insert.
            if let scheme = pattern.scheme {
                index.schemes[scheme, default: HostTable()].setRoot(node, for: pattern.host)
            } else {
                index.anyScheme.setRoot(node, for: pattern.host)
            }
            return node
        }

        private mutating func child(of parent: Int32, for segment: SegmentMatcher) -> Int32 {
            let parentIndex = Int(parent)
            switch segment {
            case .literal(let literal):
                // One hash: look up and insert through the dictionary's in-place accessor.
                let fingerprint = literal.hashValue
                if let existing = index.literalChild(of: parent, literal, fingerprint: fingerprint) { return existing }
                let node = newNode()
                index.nodes[Int(node)].label = literal
                index.literalEdges.insert(parent: parent, fingerprint: fingerprint, child: node)
                return node
            case .parameter(_, nil):
                if index.nodes[parentIndex].parameter >= 0 { return index.nodes[parentIndex].parameter }
                let node = newNode()
                index.nodes[parentIndex].parameter = node
                return node
            case .parameter(_, let type?):
                if let edge = index.nodes[parentIndex].typed.first(where: { $0.type == type }) { return edge.node }
                let node = newNode()
                index.nodes[parentIndex].typed.append((type, node))
                return node
            }
        }


        private mutating func newNode() -> Int32 {
            index.nodes.append(Node())
            return Int32(index.nodes.count - 1)
        }
    }
}

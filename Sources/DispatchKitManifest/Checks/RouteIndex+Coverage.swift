import DispatchKit

// Which routes always win over a pattern's route, for `validate()`'s shadowing checks: a walk of
// the index that a dispatch never takes, so it lives with the checks rather than in every app.

extension RouteIndex {
    /// The routes that match every URL the form `segments` matches (its own route included): the
    /// candidates that could always win over it. Walks the trie like a lookup, following every
    /// edge whose matcher accepts all that the form's matcher at that position accepts.
    func routes(
        covering segments: [SegmentMatcher], hasWildcard: Bool, scheme: String?, host: CompiledPattern.Host
    ) -> [Int32] {
        var found: [Int32] = []
        var tables: [HostTable] = [anyScheme]
        if let scheme, let table = schemes[scheme] { tables.append(table) }
        for table in tables {
            var roots = [table.any]
            switch host {
            case .any: break
            case .literal(let literal):
                roots += [table.literals[literal] ?? -1, table.parameter, table.wildcard]
            case .parameter, .wildcard: roots += [table.parameter, table.wildcard]
            }
            for root in roots where root >= 0 {
                walk(covering: segments, hasWildcard, root, SegmentKey.trail(ofRoot: root), 0, into: &found)
            }
        }
        return found
    }

    private func walk(
        covering segments: [SegmentMatcher], _ hasWildcard: Bool, _ index: Int32, _ trail: UInt64,
        _ depth: Int,
        into found: inout [Int32]
    ) {
        let node = Int(index)
        let exactEnd = Int(nodes[node].exactEnd)
        found.append(contentsOf: (exactEnd..<Int(nodes[node].wildcardEnd)).map(Int32.init))
        guard depth < segments.count else {
            if !hasWildcard { found.append(contentsOf: (terminalStart(of: node)..<exactEnd).map(Int32.init)) }
            return
        }
        var typedEdges: [TypedEdge] = []
        var typed = nodes[node].typed
        while typed >= 0 {
            typedEdges.append(self.typedEdges[Int(typed)])
            typed = self.typedEdges[Int(typed)].next
        }
        let typedTrail = SegmentKey.typedMarker.trail(after: trail)
        switch segments[depth] {
        case .literal(let literal):
            let key = SegmentKey.Literal(literal)
            let childTrail = key.key.trail(after: trail)
            switch literalEdges.target(from: index, key, trail: childTrail) {
            case .node(let child, _)?, .passthrough(let child)?:
                walk(covering: segments, hasWildcard, child, childTrail, depth + 1, into: &found)
            case .route(let route, _)?:
                // A leaf: one exact route, which covers the form if it has as many segments.
                if depth + 1 == segments.count, !hasWildcard { found.append(route) }
            case nil:
                break
            }
            for edge in typedEdges where edge.accepts(literal) {
                walk(covering: segments, hasWildcard, edge.node, typedTrail, depth + 1, into: &found)
            }
        case .parameter(_, let type?):
            for edge in typedEdges where edge.covers(type) {
                walk(covering: segments, hasWildcard, edge.node, typedTrail, depth + 1, into: &found)
            }
        case .parameter(_, nil):
            break
        }
        let parameter = nodes[node].parameter
        if parameter >= 0 {
            walk(
                covering: segments, hasWildcard, parameter, SegmentKey.parameterMarker.trail(after: trail),
                depth + 1,
                into: &found)
        }
    }

    /// Equal specificity at every position: with coverage, the two match the same URLs equally well.
    func hasSameRanks(_ lhs: Route, _ rhs: Route) -> Bool {
        guard lhs.schemeRank == rhs.schemeRank, lhs.hostRank == rhs.hostRank,
            lhs.hasWildcard == rhs.hasWildcard,
            lhs.segmentCount == rhs.segmentCount
        else { return false }
        return (0..<Int(lhs.segmentCount)).allSatisfy { rank(of: lhs, at: $0) == rank(of: rhs, at: $0) }
    }
}

extension RouteIndex.TypedEdge {
    /// Whether every segment `other` accepts, this edge accepts too.
    func covers(_ other: ParameterType) -> Bool {
        guard unboundedIntegers else { return type.covers(other) }
        switch other {
        case .int: return true
        case .uuid: return false
        case .oneOf(let values): return values.allSatisfy(LinkText.isInteger)
        }
    }
}

extension ParameterType {
    /// Whether every segment `other` accepts, this type accepts too.
    func covers(_ other: ParameterType) -> Bool {
        switch (self, other) {
        case (.int, .int), (.uuid, .uuid): return true
        case (_, .oneOf(let values)): return values.allSatisfy { accepts($0) }
        default: return false
        }
    }
}

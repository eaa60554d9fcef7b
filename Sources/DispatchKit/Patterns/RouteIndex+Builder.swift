extension RouteIndex {
    /// Collects routes, then ``build()`` freezes them into an index.
    ///
    /// Registration cost matters (an app registers thousands of routes at launch), so the usual
    /// pattern — a path of ASCII literals and `:name` / `:name<int>` / `:name<uuid>` parameters,
    /// maybe a trailing `*` — is read straight from its bytes into the trie, with no intermediate
    /// parse tree; everything else goes through ``PatternParser`` and its forms.
    ///
    /// A pattern that would take the index past its capacity (``EdgeTable/capacity`` nodes,
    /// routes or shared segment entries), or one with a form of more than 65,535 segments (what
    /// ``RouteIndex/Route/segmentCount`` holds), is refused whole: it adds nothing, is listed in
    /// ``RouteIndex/unindexed``, and `DispatchCenter.validate()` reports it. What was indexed
    /// still matches exactly as it would without the limit.
    package struct Builder {
        /// The capacity of an index: what the edge encoding can number.
        static let defaultCapacity = Int(EdgeTable.capacity)

        private var index = RouteIndex()
        /// How many nodes, routes and ``RouteIndex/segmentInfo`` entries the index may hold: the
        /// encoding's capacity, unless a test asks for less to watch what happens at the limit.
        private let capacity: Int
        /// While building: the node where each route ends, by route.
        private var endings: [Int32] = []
        /// While building: each node's trail (``SegmentKey/trail(after:)``), by node, which
        /// places its literal edges when the edge table grows.
        private var trails: [UInt64] = []
        /// While building: where each distinct sequence of ``RouteIndex/segmentInfo`` entries
        /// starts, by a hash of the entries (see ``sharedInfo()``).
        private var infoStarts: [UInt64: Int32] = [:]
        /// The entries of the route being added, before ``sharedInfo()`` places them.
        private var info = Scratch<UInt32>()
        /// Recently placed entry sequences, by the low bits of their hash: most are one of a
        /// few shapes, found here without hashing into ``infoStarts``.
        private var recentInfo = [Int32](repeating: -1, count: 64)
        /// The root of the trie of path-only patterns, once made.
        private var pathRoot: Int32 = -1
        /// While building, once there are many names: 1 + the index of each in ``RouteIndex/names``.
        private var nameNumbers: [String: UInt32] = [:]
        /// The first few parameter names of 16 bytes or fewer, packed as a ``SegmentKey``, with
        /// their `nameNumber(of:)` for a `String`: an app uses a few dozen names across its patterns.
        private var packedNames: [(low: UInt64, high: UInt64, number: UInt32)] = []
        /// The segments of the pattern being read by the fast path, kept to reuse the storage.
        private var scratch = Scratch<SimpleSegment>()

        package init(capacity: Int = defaultCapacity) {
            self.capacity = Swift.max(0, Swift.min(capacity, Self.defaultCapacity))
        }

        /// Makes room for about `count` patterns, so that the arrays grow once.
        package mutating func reserve(patterns count: Int) {
            index.routes.reserveCapacity(count)
            endings.reserveCapacity(count)
            index.nodes.reserveCapacity(count * 2)
            trails.reserveCapacity(count * 2)
            // A guess (apps whose modules share a first segment have about 1.5 literal edges per
            // pattern): a wrong one costs one rehash, in growing or in `trim()`.
            index.literalEdges.reserve(edges: count + count * 3 / 5)
        }

        /// Adds every form of `pattern`, declared by `activity`. An invalid pattern adds nothing:
        /// it never matches, and `DispatchCenter.validate()` reports it.
        ///
        /// - Returns: The parse error of an invalid pattern, so that the center can report it
        ///   without parsing any pattern again; `nil` once the pattern is added.
        @discardableResult
        package mutating func insert(_ pattern: RoutePattern, number: Int, owner: Int32) -> RoutePatternError?
        {
            let inserted = pattern.description.utf8.withContiguousStorageIfAvailable { bytes in
                insertSimplePath(bytes, number: number, owner: owner)
            }
            if inserted == true { return nil }
            let compiled: CompiledPattern
            switch pattern.compiled {
            case .success(let pattern): compiled = pattern
            case .failure(let error): return error
            }
            guard fits(compiled, owner: owner) else {
                index.unindexed.appendOffThePath(Unindexed(owner: owner, pattern: number))
                return nil
            }
            for (form, segments) in compiled.expansions.enumerated() {
                insert(compiled, form: form, segments, number: number, owner: owner)
            }
            return nil
        }

        /// One form of a parsed pattern.
        private mutating func insert(
            _ pattern: CompiledPattern, form: Int, _ segments: [SegmentMatcher], number: Int,
            owner: Int32
        ) {
            info.reset()
            var captures = false
            var flags = Route.Flags.hostRank(pattern.hostRank)
            if pattern.scheme != nil { flags.insert(.schemeLiteral) }
            if pattern.hasWildcard { flags.insert(.wildcard) }
            if case .parameter(let name) = pattern.host {
                flags.insert(.hostParameter)
                info.append(entry(rank: 0, name: name))
                captures = true
            }
            var node = root(scheme: pattern.scheme, host: pattern.host)
            for segment in segments {
                switch segment {
                case .literal(let literal):
                    node = literalChild(of: node, SegmentKey.Literal(literal))
                    info.append(3)
                case .parameter(let name, let type):
                    node = parameterChild(of: node, type: type, unboundedIntegers: unbounded(owner, type))
                    info.append(entry(rank: type == nil ? 1 : 2, name: name))
                    captures = true
                }
            }
            finish(
                at: node, owner: owner, pattern: number, form: form, segmentCount: segments.count,
                info: captures ? sharedInfo() : -1, flags: flags)
        }

        /// The fast path: a path-only pattern of ASCII literals (16 bytes or fewer) and plain or
        /// `int`/`uuid` parameters, maybe ending in `*`. Returns `false`, having added nothing,
        /// for anything else — including every invalid pattern — which the parser then handles.
        private mutating func insertSimplePath(
            _ bytes: UnsafeBufferPointer<UInt8>, number: Int, owner: Int32
        ) -> Bool {
            guard bytes.count >= 1, bytes[0] == .slash, bytes.count == 1 || bytes[1] != .slash else {
                return false
            }
            // Read and check every segment before touching the trie, so that giving up leaves no trace.
            scratch.reset()
            var parameterCount = 0
            var hasWildcard = false
            var position = 1
            while position < bytes.count {
                // One pass finds the end of the segment and whatever a plain literal cannot hold.
                var end = position
                var bits: UInt8 = 0
                var hasSpecial = false
                while end < bytes.count {
                    let byte = bytes[end]
                    if byte < 0x30, Self.specialBytes & 1 << UInt64(byte) != 0 {
                        if byte == .slash { break }
                        hasSpecial = true
                    }
                    bits |= byte
                    end += 1
                }
                if end == position {
                    guard end == bytes.count else { return false }  // an empty segment: invalid
                    break  // one trailing "/"
                }
                let plain = !hasSpecial && bits < 0x80
                guard let segment = SimpleSegment(bytes, position..<end, plainLiteral: plain) else {
                    return false
                }
                switch segment {
                case .literal: scratch.append(segment)
                case .parameter(let name, _):
                    for earlier in 0..<scratch.count {
                        if case .parameter(let earlier, _) = scratch[earlier],
                            Self.equal(bytes, earlier, name)
                        {
                            return false  // a duplicate name: invalid
                        }
                    }
                    parameterCount += 1
                    scratch.append(segment)
                case .wildcard:
                    guard end == bytes.count else { return false }
                    hasWildcard = true
                }
                position = end + 1
            }
            // Near the capacity, the parser's path counts exactly what the pattern adds.
            guard
                scratch.count <= Int(UInt16.max),
                hasRoom(
                    nodes: scratch.count + 1, routes: 1, entries: parameterCount > 0 ? scratch.count : 0)
            else { return false }

            info.reset()
            if pathRoot < 0 { pathRoot = root(scheme: nil, host: .any) }
            var node = pathRoot
            // By position: iterating `elements`, a slice, cost more than the rest of the loop.
            for position in 0..<scratch.count {
                switch scratch[position] {
                case .literal(let key):
                    node = literalChild(of: node, short: key)
                    if parameterCount > 0 { info.append(3) }
                case .parameter(let name, let type):
                    let parameterType = type?.parameterType
                    node = parameterChild(
                        of: node, type: parameterType, unboundedIntegers: unbounded(owner, parameterType))
                    let number = nameNumber(of: UnsafeBufferPointer(rebasing: bytes[name]))
                    info.append((type == nil ? 1 : 2) | number << 2)
                case .wildcard:
                    break  // never stored
                }
            }
            var flags = Route.Flags.hostRank(0)
            if hasWildcard { flags.insert(.wildcard) }
            finish(
                at: node, owner: owner, pattern: number, form: 0, segmentCount: scratch.count,
                info: parameterCount > 0 ? sharedInfo() : -1, flags: flags)
            return true
        }

        /// The bytes the fast path's scan stops at: "/", and those a plain literal cannot hold
        /// ("*", parentheses, NUL). All are below 0x30, so one 64-bit mask holds them.
        private static let specialBytes: UInt64 =
            1 << 0x2F | 1 << UInt64(UInt8(ascii: "*")) | 1 << UInt64(UInt8(ascii: "("))
            | 1 << UInt64(UInt8(ascii: ")")) | 1

        /// Whether the index can take `nodes` more nodes, `routes` more routes and `entries` more
        /// ``RouteIndex/segmentInfo`` entries.
        @inline(__always)
        private func hasRoom(nodes: Int, routes: Int, entries: Int) -> Bool {
            nodes <= capacity &- index.nodes.count && routes <= capacity &- index.routes.count
                && entries <= capacity &- index.segmentInfo.count
        }

        /// Whether every form of `pattern` fits in the index. Counting what each form adds to
        /// the trie (one node per segment past where it leaves the existing trie) walks it, so that
        /// is done only when the forms' lengths alone do not settle it; forms that share a new
        /// prefix count it once each, which errs on the side of refusing.
        private func fits(_ pattern: CompiledPattern, owner: Int32) -> Bool {
            var segments = 0
            var entries = 0
            var capturesHost = false
            if case .parameter = pattern.host { capturesHost = true }
            for form in pattern.expansions {
                guard form.count <= Int(UInt16.max) else { return false }
                segments += form.count + 1
                if capturesHost || form.contains(where: { if case .parameter = $0 { true } else { false } }) {
                    entries += form.count + 1
                }
            }
            let routes = pattern.expansions.count
            if hasRoom(nodes: segments, routes: routes, entries: entries) { return true }
            guard hasRoom(nodes: 0, routes: routes, entries: entries) else { return false }
            var added = 0
            for form in pattern.expansions {
                added += newNodes(scheme: pattern.scheme, host: pattern.host, form, owner: owner)
            }
            return hasRoom(nodes: added, routes: routes, entries: entries)
        }

        /// How many nodes inserting `segments` would add to the trie as it is.
        private func newNodes(
            scheme: String?, host: CompiledPattern.Host, _ segments: [SegmentMatcher], owner: Int32
        ) -> Int {
            var node =
                scheme.map { index.schemes[$0]?.root(for: host) ?? -1 } ?? index.anyScheme.root(for: host)
            guard node >= 0 else { return segments.count + 1 }
            for (position, segment) in segments.enumerated() {
                let next: Int32?
                switch segment {
                case .literal(let literal):
                    next = existingLiteralChild(of: node, SegmentKey.Literal(literal)).node
                case .parameter(_, let type):
                    next = existingParameterChild(
                        of: node, type: type, unboundedIntegers: unbounded(owner, type))
                }
                guard let next else { return segments.count - position }
                node = next
            }
            return 0
        }

        private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ lhs: Range<Int>, _ rhs: Range<Int>)
            -> Bool
        {
            guard lhs.count == rhs.count else { return false }
            for offset in 0..<lhs.count where bytes[lhs.lowerBound + offset] != bytes[rhs.lowerBound + offset]
            {
                return false
            }
            return true
        }

        /// A ``RouteIndex/segmentInfo`` entry. Each name is stored once: an app uses a few
        /// dozen parameter names (`id`, `uid`) across thousands of patterns.
        private mutating func entry(rank: UInt32, name: String) -> UInt32 {
            rank | nameNumber(of: name) << 2
        }

        /// `nameNumber(of:)` for a `String` of a name read by the fast path (ASCII letters, digits
        /// and `_`): a short one is found among ``packedNames`` by comparing two words, without
        /// making a `String` of it.
        private mutating func nameNumber(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
            guard bytes.count <= 16 else { return nameNumber(of: String(decoding: bytes, as: UTF8.self)) }
            let key = SegmentKey(plainASCII: bytes)
            for known in packedNames where known.low == key.low && known.high == key.high {
                return known.number
            }
            let number = nameNumber(of: String(decoding: bytes, as: UTF8.self))
            if packedNames.count < 32 { packedNames.append((key.low, key.high, number)) }
            return number
        }

        /// 1 + the index of `name` in ``RouteIndex/names``, where it is added if new. A linear
        /// search while there are few names (cheaper than hashing them), a dictionary beyond.
        private mutating func nameNumber(of name: String) -> UInt32 {
            let linearLimit = 32
            if index.names.count <= linearLimit {
                if let found = index.names.firstIndex(of: name) { return UInt32(found + 1) }
            } else if let number = nameNumbers[name] {
                return number
            }
            index.names.append(name)
            let number = UInt32(index.names.count)
            if index.names.count > linearLimit {
                if nameNumbers.isEmpty {
                    for (offset, known) in index.names.enumerated() {
                        nameNumbers[known] = UInt32(offset + 1)
                    }
                } else {
                    nameNumbers[name] = number
                }
            }
            return number
        }

        /// Where the entries of ``info`` start in ``RouteIndex/segmentInfo``: an earlier copy of
        /// the same entries if there is one, else where they are appended.
        private mutating func sharedInfo() -> Int {
            var hash = 0xCBF2_9CE4_8422_2325 ^ UInt64(info.count)
            for entry in info.elements { hash = (hash ^ UInt64(entry)) &* 0x0000_0100_0000_01B3 }
            let recent = Int(truncatingIfNeeded: hash & UInt64(recentInfo.count - 1))
            if isCopy(of: info.elements, at: Int(recentInfo[recent])) { return Int(recentInfo[recent]) }
            let start: Int
            if let existing = infoStarts[hash].map(Int.init), isCopy(of: info.elements, at: existing) {
                start = existing
            } else {
                start = index.segmentInfo.count
                index.segmentInfo.append(contentsOf: info.elements)
                // Another sequence with the same hash keeps its own copy.
                if infoStarts[hash] == nil { infoStarts[hash] = Int32(start) }
            }
            recentInfo[recent] = Int32(start)
            return start
        }

        /// Whether ``RouteIndex/segmentInfo`` holds `entries` from `start` on.
        private func isCopy(of entries: ArraySlice<UInt32>, at start: Int) -> Bool {
            start >= 0 && start + entries.count <= index.segmentInfo.count
                && index.segmentInfo[start..<start + entries.count].elementsEqual(entries)
        }

        private mutating func finish(
            at node: Int32, owner: Int32, pattern: Int, form: Int, segmentCount: Int, info: Int,
            flags: Route.Flags
        ) {
            index.routes.append(
                Route(
                    owner: owner, pattern: Int32(truncatingIfNeeded: pattern), info: Int32(info),
                    declaration: Int32(truncatingIfNeeded: index.routes.count),
                    segmentCount: UInt16(clamping: segmentCount),
                    form: UInt8(clamping: form), flags: flags))
            endings.append(node)
        }

        /// Adds a class that declares patterns; its routes refer to it by the number returned.
        ///
        /// - Parameter hasLinkType: Whether the class has a ``DispatchActivity/linkType``: its
        ///   `<int>` parameters then admit integers of any length.
        package mutating func addOwner(
            _ activity: DispatchActivity.Type, level: Int32, hasLinkType: Bool = false,
            linkCase: LinkCase? = nil
        )
            -> Int32
        {
            index.owners.append(
                Owner(activity: activity, level: level, hasLinkType: hasLinkType, linkCase: linkCase))
            return Int32(index.owners.count - 1)
        }

        /// Whether a `type` parameter of `owner` takes an unbounded `<int>` edge: only `<int>`
        /// parameters of a class with a link type do; every other edge is shared by all classes.
        @inline(__always)
        private func unbounded(_ owner: Int32, _ type: ParameterType?) -> Bool {
            type == .int && index.owners[Int(owner)].hasLinkType
        }

        /// Lays every node's routes out in one array, in node order (a counting sort: O(routes)).
        package consuming func build() -> RouteIndex {
            // Consuming: a builder builds once (its other state describes this index only). The
            // index is swapped out so that each array has one owner and changes in place: a
            // reference left behind (or a copy of the builder at the call site: call it as
            // `(consume builder).build()`) makes the first change below copy the whole edge table.
            var index = RouteIndex()
            swap(&index, &self.index)
            // Per node, first how many exact and wildcard routes end there, then where the next of
            // each goes (filled in declaration order). Two arrays, not four: on a large index each
            // is pages that the build touches for the first time.
            var exactFill = [Int32](repeating: 0, count: index.nodes.count)
            var wildcardFill = [Int32](repeating: 0, count: index.nodes.count)
            for (route, node) in endings.enumerated() {
                if index.routes[route].hasWildcard {
                    wildcardFill[Int(node)] += 1
                } else {
                    exactFill[Int(node)] += 1
                }
            }
            var next: Int32 = 0
            for node in index.nodes.indices {
                let exactCount = exactFill[node]
                exactFill[node] = next
                next += exactCount
                index.nodes[node].exactEnd = next
                let wildcardCount = wildcardFill[node]
                wildcardFill[node] = next
                next += wildcardCount
                index.nodes[node].wildcardEnd = next
            }
            // Routes move to node order (the counting sort gives every route its own position);
            // `declaration` keeps their order of declaration.
            let declared = index.routes
            index.routes = Array(unsafeUninitializedCapacity: declared.count) { buffer, count in
                for (route, node) in endings.enumerated() {
                    let node = Int(node)
                    let position: Int32
                    if declared[route].hasWildcard {
                        position = wildcardFill[node]
                        wildcardFill[node] += 1
                    } else {
                        position = exactFill[node]
                        exactFill[node] += 1
                    }
                    buffer.initializeElement(at: Int(position), to: declared[route])
                }
                count = declared.count
            }
            // The index lives until the next registration change: drop the slack that growing
            // left in each array, when it is worth a copy.
            index.nodes = Self.trimmed(index.nodes)
            index.segmentInfo = Self.trimmed(index.segmentInfo)
            index.names = Self.trimmed(index.names)
            index.literalEdges.trim(trails: trails)
            let nodes = index.nodes
            let routes = index.routes
            index.literalEdges.retarget { child in
                let node = nodes[Int(child)]
                let start = child == 0 ? 0 : nodes[Int(child) - 1].wildcardEnd
                guard node.typed < 0, node.parameter < 0 else {
                    return .node(child, parameterChild: node.parameter)
                }
                if node.wildcardEnd == start { return .passthrough(child) }
                if !node.hasLiterals, node.exactEnd == start + 1, node.wildcardEnd == node.exactEnd {
                    let route = routes[Int(start)]
                    return .route(start, staticOwner: route.info < 0 ? route.owner : -1)
                }
                return .node(child, parameterChild: node.parameter)
            }
            return index
        }

        /// `array` without its spare capacity, if that is more than an eighth of it: a copy of a
        /// large array costs the build more (fresh pages, each a page fault) than the slack costs.
        private static func trimmed<Element>(_ array: [Element]) -> [Element] {
            guard array.capacity > array.count + array.count / 8 else { return array }
            return Array(unsafeUninitializedCapacity: array.count) { buffer, count in
                count = buffer.initialize(fromContentsOf: array)
            }
        }

        // MARK: Trie

        private mutating func root(scheme: String?, host: CompiledPattern.Host) -> Int32 {
            let existing =
                scheme.map { index.schemes[$0]?.root(for: host) ?? -1 } ?? index.anyScheme.root(for: host)
            if existing >= 0 { return existing }
            let node = newNode(trail: nil)
            // Written in place: copying the table out and back would duplicate its host dictionary.
            if let scheme {
                index.schemes[scheme, default: HostTable()].setRoot(node, for: host)
            } else {
                index.anyScheme.setRoot(node, for: host)
            }
            return node
        }

        /// The child of `parent` along `literal` if there is one, and its trail.
        @inline(__always)
        private func existingLiteralChild(of parent: Int32, _ literal: SegmentKey.Literal) -> (
            node: Int32?, trail: UInt64
        ) {
            let trail = literal.key.trail(after: trails[Int(parent)])
            guard index.nodes[Int(parent)].hasLiterals else { return (nil, trail) }
            return (index.literalEdges.child(of: parent, literal, trail: trail), trail)
        }

        private mutating func literalChild(of parent: Int32, _ literal: SegmentKey.Literal) -> Int32 {
            if literal.longBytes == nil { return literalChild(of: parent, short: literal.key) }
            let (existing, trail) = existingLiteralChild(of: parent, literal)
            if let existing { return existing }
            let node = newNode(trail: trail)
            index.literalEdges.insert(
                parent: parent, key: literal.key, longBytes: literal.longBytes, child: node, trail: trail,
                trails: trails)
            index.nodes[Int(parent)].hasLiterals = true
            return node
        }

        /// The child of `parent` along a parameter edge of `type`, if there is one.
        private func existingParameterChild(of parent: Int32, type: ParameterType?, unboundedIntegers: Bool)
            -> Int32?
        {
            let parentIndex = Int(parent)
            guard let type else {
                let parameter = index.nodes[parentIndex].parameter
                return parameter >= 0 ? parameter : nil
            }
            var edge = index.nodes[parentIndex].typed
            while edge >= 0 {
                let typed = index.typedEdges[Int(edge)]
                if typed.type == type, typed.unboundedIntegers == unboundedIntegers { return typed.node }
                edge = typed.next
            }
            return nil
        }

        /// ``literalChild(of:_:)`` for a key that is not long: one probe of the edge table finds
        /// the edge or the slot for a new one.
        private mutating func literalChild(of parent: Int32, short key: SegmentKey) -> Int32 {
            let trail = key.trail(after: trails[Int(parent)])
            let next = Int32(truncatingIfNeeded: index.nodes.count)
            let (child, added) = index.literalEdges.child(
                of: parent, short: key, trail: trail, orAdd: next, trails: trails)
            guard added else { return child }
            index.nodes.append(Node())
            trails.append(trail)
            index.nodes[Int(parent)].hasLiterals = true
            return child
        }

        private mutating func parameterChild(of parent: Int32, type: ParameterType?, unboundedIntegers: Bool)
            -> Int32
        {
            let parentIndex = Int(parent)
            guard let type else {
                if index.nodes[parentIndex].parameter >= 0 { return index.nodes[parentIndex].parameter }
                let node = newNode(trail: SegmentKey.parameterMarker.trail(after: trails[parentIndex]))
                index.nodes[parentIndex].parameter = node
                return node
            }
            // The walk of existingParameterChild(of:type:unboundedIntegers:), written out again: shared, it made
            // this path slower.
            var edge = index.nodes[parentIndex].typed
            var last: Int32 = -1
            while edge >= 0 {
                let typed = index.typedEdges[Int(edge)]
                if typed.type == type, typed.unboundedIntegers == unboundedIntegers { return typed.node }
                last = edge
                edge = typed.next
            }
            let node = newNode(trail: SegmentKey.typedMarker.trail(after: trails[parentIndex]))
            index.typedEdges.append(
                TypedEdge(type: type, node: node, next: -1, unboundedIntegers: unboundedIntegers))
            let added = Int32(index.typedEdges.count - 1)
            // Appended at the end of the list: typed edges are tried in the order they were declared.
            if last >= 0 {
                index.typedEdges[Int(last)].next = added
            } else {
                index.nodes[parentIndex].typed = added
            }
            return node
        }

        /// A new node whose trail is `trail`, or a root's (`nil`).
        private mutating func newNode(trail: UInt64?) -> Int32 {
            index.nodes.append(Node())
            let node = Int32(index.nodes.count - 1)
            trails.append(trail ?? SegmentKey.trail(ofRoot: node))
            return node
        }
    }
}

/// A list the builder refills for every pattern: emptying it resets a count, where emptying an
/// array costs a general `replaceSubrange` (and popping it, a call per element).
private struct Scratch<Element> {
    private var storage: [Element] = []
    private(set) var count = 0

    var elements: ArraySlice<Element> { storage[..<count] }

    subscript(position: Int) -> Element { storage[position] }

    mutating func reset() { count = 0 }

    mutating func append(_ element: Element) {
        if count < storage.count { storage[count] = element } else { storage.append(element) }
        count += 1
    }
}

/// One segment of a pattern on the builder's fast path, read from its bytes: an ASCII literal of
/// 16 bytes or fewer, `:name`, `:name<int>`, `:name<uuid>`, or `*`; `nil` for anything the fast
/// path leaves to ``PatternParser`` (including every invalid segment).
private enum SimpleSegment {
    /// The types the fast path reads: a plain enum, so that the segments the builder keeps
    /// while reading a pattern cost no reference counting.
    enum SimpleType {
        case int, uuid

        var parameterType: ParameterType {
            switch self {
            case .int: return .int
            case .uuid: return .uuid
            }
        }
    }

    case literal(SegmentKey)
    case parameter(name: Range<Int>, type: SimpleType?)
    case wildcard

    /// - Parameter plainLiteral: Whether the segment's bytes are ASCII without "*", "(", ")" or
    ///   NUL (the caller's scan found out).
    init?(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plainLiteral: Bool) {
        let first = bytes[range.lowerBound]
        if first == UInt8(ascii: ":") {
            var nameEnd = range.lowerBound + 1
            while nameEnd < range.upperBound, bytes[nameEnd].isParameterNameByte { nameEnd += 1 }
            guard nameEnd > range.lowerBound + 1 else { return nil }
            let name = range.lowerBound + 1..<nameEnd
            switch range.upperBound - nameEnd {
            case 0:
                self = .parameter(name: name, type: nil)
            case 5 where Self.bytes(bytes, from: nameEnd, are: "<int>"):
                self = .parameter(name: name, type: .int)
            case 6 where Self.bytes(bytes, from: nameEnd, are: "<uuid>"):
                self = .parameter(name: name, type: .uuid)
            default:
                return nil
            }
            return
        }
        if first == UInt8(ascii: "*") {
            guard range.count == 1 else { return nil }
            self = .wildcard
            return
        }
        // Dot segments and "*" inside a literal are invalid; groups are the parser's.
        if first == .dot, range.count == 1 || (range.count == 2 && bytes[range.lowerBound + 1] == .dot) {
            return nil
        }
        guard plainLiteral, range.count <= 16 else { return nil }
        self = .literal(SegmentKey(plainASCII: UnsafeBufferPointer(rebasing: bytes[range])))
    }

    private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, are text: StaticString)
        -> Bool
    {
        guard start + text.utf8CodeUnitCount <= bytes.count else { return false }
        for offset in 0..<text.utf8CodeUnitCount where bytes[start + offset] != text.utf8Start[offset] {
            return false
        }
        return true
    }
}

extension UInt8 {
    fileprivate var isParameterNameByte: Bool { isASCIILetter || isASCIIDigit || self == UInt8(ascii: "_") }
}

/// The literal edges of the route trie: from a node, by segment, to a child node.
///
/// One open-addressing table of 32-byte slots for the whole trie, holding the parent, the child
/// and the packed ``SegmentKey`` itself: a lookup reads one slot (usually one cache line) and
/// compares two words, where a `Dictionary<String, …>` per node would visit its metadata, its
/// key, its value and then the node. Keys longer than 16 bytes keep their bytes in ``longLabels``.
/// The capacity is not a power of two (it is reduced with a multiply), so the table can stay
/// about two-thirds full whatever the number of edges.
///
/// An edge is found from its *trail* (``SegmentKey/trail(after:)``): a hash of the literal
/// segments from the root, not of the parent's node number. A lookup can therefore compute where
/// the edge of every segment of a URL is before it has read any of them, and the processor loads
/// them all at once instead of one after the other — in a large trie each is a cache miss.
package struct EdgeTable: Sendable {
    private struct Slot: Sendable {
        var parent: Int32 = -1
        /// The child node, or what ``retarget(_:)`` made of it (see ``Target``).
        var child: Int32 = -1
        var low: UInt64 = 0
        var high: UInt64 = 0
        /// For an edge to a ``Target/route(_:staticOwner:)``: that owner.
        var owner: Int32 = -1
        /// For an edge to a ``Target/node(_:parameterChild:)``: that child.
        var parameterChild: Int32 = -1
    }

    /// Where an edge leads, as a lookup needs it.
    package enum Target: Equatable {
        /// A node to read, and its child along a parameter edge (or -1): knowing it here, a lookup
        /// can load that child while the node itself is still on its way from memory.
        case node(Int32, parameterChild: Int32)
        /// A node with only literal edges out of it and no routes ending at it: a lookup passing
        /// through need not read it.
        case passthrough(Int32)
        /// A node with no edges out of it and one route ending at it (exactly there, no `*`):
        /// the route itself, so that a lookup ending there reads neither the node nor its range.
        /// If the route captures nothing, `staticOwner` is its class (else -1): the lookup then
        /// has all it needs without reading the route either.
        case route(Int32, staticOwner: Int32)
    }

    private var slots: [Slot] = Array(repeating: Slot(), count: 8)
    private(set) var count = 0
    /// The bytes of every long key, one after another; a long slot's `low` says where (offset in
    /// the upper half, length in the lower).
    private var longLabels: [UInt8] = []

    /// How many nodes, and how many routes, an edge can name: their numbers stay below 2²⁹,
    /// since the bits above say what kind of ``Target`` an edge leads to.
    /// ``RouteIndex/Builder`` refuses what would take the index past it.
    static let capacity: Int32 = 1 << 29

    /// The bits of a slot's `child` that say what kind of ``Target`` it is.
    private static let routeBit: Int32 = capacity
    private static let passthroughBit: Int32 = capacity << 1

    /// The child of `parent` along `literal` whose trail is `trail`, if any. Only while
    /// building, before ``retarget(_:)``.
    func child(of parent: Int32, _ literal: SegmentKey.Literal, trail: UInt64) -> Int32? {
        rawSlot(of: parent, literal.key, longBytes: literal.longBytes, trail: trail)?.child
    }

    /// The child of `parent` along `key`, which is not long, whose trail is `trail`; if there is
    /// none, `newChild` becomes that child (`added`). One probe does both. Only while building.
    ///
    /// - Parameter trails: Every node's trail, by node, to rehash when the table grows.
    mutating func child(
        of parent: Int32, short key: SegmentKey, trail: UInt64, orAdd newChild: Int32, trails: [UInt64]
    ) -> (child: Int32, added: Bool) {
        let capacity = slots.count
        // The edge's child, or -1 and the empty slot where the edge goes.
        let (found, empty) = slots.withUnsafeBufferPointer { slots in
            var index = SegmentKey.slot(of: trail, capacity: capacity)
            while true {
                let slot = slots[index]
                if slot.parent < 0 { return (Int32(-1), index) }
                if slot.parent == parent, slot.low == key.low, slot.high == key.high {
                    return (slot.child, index)
                }
                index += 1
                if index == capacity { index = 0 }
            }
        }
        if found >= 0 { return (found, false) }
        let slot = Slot(parent: parent, child: newChild, low: key.low, high: key.high)
        // Wrapping arithmetic: the table is far below Int.max slots, and the checks cost the loop.
        if (count &+ 1) &* 3 > capacity &* 2 {
            rehash(capacity: capacity * 2, trails: trails)
            place(slot, start: SegmentKey.slot(of: trail, capacity: slots.count))
        } else {
            slots[empty] = slot
        }
        count += 1
        return (newChild, true)
    }

    /// Where the edge from `parent` along `literal`, whose trail is `trail`, leads, if there is one.
    @inline(__always)
    package func target(from parent: Int32, _ literal: SegmentKey.Literal, trail: UInt64) -> Target? {
        guard let slot = rawSlot(of: parent, literal.key, longBytes: literal.longBytes, trail: trail) else {
            return nil
        }
        if slot.child & Self.passthroughBit != 0 { return .passthrough(slot.child & ~Self.passthroughBit) }
        if slot.child & Self.routeBit != 0 {
            return .route(slot.child & ~Self.routeBit, staticOwner: slot.owner)
        }
        return .node(slot.child, parameterChild: slot.parameterChild)
    }

    /// Records in every edge what its child is to a lookup, once the index is complete.
    mutating func retarget(_ target: (Int32) -> Target) {
        for index in slots.indices where slots[index].parent >= 0 {
            switch target(slots[index].child) {
            case .node(let node, let parameterChild):
                slots[index].child = node
                slots[index].parameterChild = parameterChild
            case .passthrough(let node): slots[index].child = node | Self.passthroughBit
            case .route(let route, let owner):
                slots[index].child = route | Self.routeBit
                slots[index].owner = owner
            }
        }
    }

    @inline(__always)
    private func rawSlot(of parent: Int32, _ key: SegmentKey, longBytes: [UInt8]?, trail: UInt64) -> Slot? {
        slots.withUnsafeBufferPointer { slots in
            var index = SegmentKey.slot(of: trail, capacity: slots.count)
            while true {
                let slot = slots[index]
                if slot.parent < 0 { return nil }
                if slot.parent == parent, slot.high == key.high, matches(slot, key, longBytes) { return slot }
                index += 1
                if index == slots.count { index = 0 }
            }
        }
    }

    private func matches(_ slot: Slot, _ key: SegmentKey, _ longBytes: [UInt8]?) -> Bool {
        guard key.isLong else { return slot.low == key.low }
        guard let bytes = longBytes else { return false }
        let offset = Int(slot.low >> 32)
        let length = Int(slot.low & 0xFFFF_FFFF)
        guard length == bytes.count, offset + length <= longLabels.count else { return false }
        return longLabels[offset..<offset + length].elementsEqual(bytes)
    }

    /// Adds an edge that is known not to exist yet.
    ///
    /// - Parameters:
    ///   - trail: The child's trail.
    ///   - trails: Every node's trail, by node (the child's included), to rehash when the table grows.
    mutating func insert(
        parent: Int32, key: SegmentKey, longBytes: [UInt8]?, child: Int32, trail: UInt64, trails: [UInt64]
    ) {
        var low = key.low
        if key.isLong, let bytes = longBytes {
            low = UInt64(longLabels.count) << 32 | UInt64(bytes.count)
            longLabels.append(contentsOf: bytes)
        }
        if (count + 1) * 3 > slots.count * 2 { rehash(capacity: slots.count * 2, trails: trails) }
        place(
            Slot(parent: parent, child: child, low: low, high: key.high),
            start: SegmentKey.slot(of: trail, capacity: slots.count))
        count += 1
    }

    private mutating func place(_ slot: Slot, start: Int) {
        var index = start
        while slots[index].parent >= 0 {
            index += 1
            if index == slots.count { index = 0 }
        }
        slots[index] = slot
    }

    /// Sizes an empty table for about `count` edges, so that building does not rehash as it grows.
    mutating func reserve(edges count: Int) {
        guard self.count == 0, count > 0 else { return }
        slots = Array(repeating: Slot(), count: count + count / 2 + 1)
    }

    /// Places every edge again in a table of `capacity` slots; an edge's trail is its child's.
    private mutating func rehash(capacity: Int, trails: [UInt64]) {
        let old = slots
        slots = Array(repeating: Slot(), count: capacity)
        for slot in old where slot.parent >= 0 {
            place(slot, start: SegmentKey.slot(of: trails[Int(slot.child)], capacity: capacity))
        }
    }

    /// Sizes the table for what it holds now, once the index is complete (before
    /// ``retarget(_:)``): two-thirds full, so that probes stay short, instead of the third to
    /// two-thirds that doubling leaves.
    mutating func trim(trails: [UInt64]) {
        let wanted = count + count / 2 + 1
        if slots.count > wanted + wanted / 8 { rehash(capacity: wanted, trails: trails) }
    }
}

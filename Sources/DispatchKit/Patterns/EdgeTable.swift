/// The literal edges of the route trie: from a node, by segment, to a child node.
///
/// One open-addressing table of 24-byte slots for the whole trie, holding the parent, the child
/// and the packed ``SegmentKey`` itself: a lookup reads one slot (usually one cache line) and
/// compares two words, where a `Dictionary<String, …>` per node would visit its metadata, its
/// key, its value and then the node. Keys longer than 16 bytes keep their bytes in ``longLabels``.
/// The capacity is not a power of two (it is reduced with a multiply), so the table can stay
/// about two-thirds full whatever the number of edges.
struct EdgeTable: Sendable {
    private struct Slot: Sendable {
        var parent: Int32 = -1
        var child: Int32 = -1
        var low: UInt64 = 0
        var high: UInt64 = 0
    }

    private var slots: [Slot] = Array(repeating: Slot(), count: 8)
    private(set) var count = 0
    /// The bytes of every long key, one after another; a long slot's `low` says where (offset in
    /// the upper half, length in the lower).
    private var longLabels: [UInt8] = []

    /// Set in a slot's `child` when the child node has only literal edges out of it and no
    /// routes ending at it: a lookup passing through need not read the node at all.
    private static let passthroughBit: Int32 = 1 << 30

    /// The child of `parent` along `literal`, if any.
    func child(of parent: Int32, _ literal: SegmentKey.Literal) -> Int32? {
        edge(from: parent, literal).map(\.node)
    }

    /// The edge from `parent` along `literal`, if any.
    func edge(from parent: Int32, _ literal: SegmentKey.Literal) -> (node: Int32, isPassthrough: Bool)? {
        guard let child = rawChild(of: parent, literal.key, longBytes: literal.longBytes) else { return nil }
        return (child & ~Self.passthroughBit, child & Self.passthroughBit != 0)
    }

    /// Marks the edges into the nodes for which `isPassthrough` is true (see ``passthroughBit``).
    mutating func markPassthrough(_ isPassthrough: (Int32) -> Bool) {
        for index in slots.indices where slots[index].parent >= 0 {
            let child = slots[index].child & ~Self.passthroughBit
            slots[index].child = isPassthrough(child) ? child | Self.passthroughBit : child
        }
    }

    private func rawChild(of parent: Int32, _ key: SegmentKey, longBytes: [UInt8]?) -> Int32? {
        slots.withUnsafeBufferPointer { slots in
            var index = key.slot(under: parent, capacity: slots.count)
            while true {
                let slot = slots[index]
                if slot.parent < 0 { return nil }
                if slot.parent == parent, slot.high == key.high, matches(slot, key, longBytes) { return slot.child }
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
    mutating func insert(parent: Int32, key: SegmentKey, longBytes: [UInt8]?, child: Int32) {
        var low = key.low
        if key.isLong, let bytes = longBytes {
            low = UInt64(longLabels.count) << 32 | UInt64(bytes.count)
            longLabels.append(contentsOf: bytes)
        }
        // Probing starts from the key's own hash even for long keys, whose stored `low` differs.
        if (count + 1) * 3 > slots.count * 2 { grow() }
        place(Slot(parent: parent, child: child, low: low, high: key.high), start: key.slot(under: parent, capacity: slots.count))
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

    /// Doubles the table; ``trim()`` brings it back to two-thirds full once the index is built.
    private mutating func grow() {
        rehash(capacity: slots.count * 2)
    }

    private mutating func rehash(capacity: Int) {
        let old = slots
        slots = Array(repeating: Slot(), count: capacity)
        for slot in old where slot.parent >= 0 {
            place(slot, start: storedKey(of: slot).slot(under: slot.parent, capacity: capacity))
        }
    }

    /// Rebuilds the key a slot was inserted with (long keys are rehashed from their bytes).
    private func storedKey(of slot: Slot) -> SegmentKey {
        guard slot.high == .max else { return SegmentKey(low: slot.low, high: slot.high) }
        let offset = Int(slot.low >> 32)
        let length = Int(slot.low & 0xFFFF_FFFF)
        return SegmentKey.Literal(normalizedBytes: Array(longLabels[offset..<offset + length])).key
    }

    /// Sizes the table for what it holds now, once the index is complete: two-thirds full
    /// (probes stay short) instead of the third to two-thirds that doubling leaves.
    mutating func trim() {
        let wanted = count + count / 2 + 1
        if slots.count > wanted + wanted / 8 { rehash(capacity: wanted) }
    }
}

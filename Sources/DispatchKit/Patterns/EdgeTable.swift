/// The literal edges of the route trie: from a node, by segment text, to a child node.
///
/// An open-addressing table of 16-byte slots (parent, child, fingerprint of the segment). The
/// segment text itself lives on the child node, where a lookup goes next anyway, so a probe
/// usually costs one cache line instead of the four a `Dictionary<(parent, String), child>` visits
/// (metadata, key, value, then the node). The fingerprint is Swift's own `String` hash, and the
/// final check is `String` `==`, so canonically equivalent spellings match exactly as they would
/// in a `Dictionary`.
struct EdgeTable: Sendable {
    private struct Slot: Sendable {
        var parent: Int32 = -1
        var child: Int32 = -1
        var fingerprint: Int = 0
    }

    private var slots: [Slot] = Array(repeating: Slot(), count: 16)
    private var count = 0

    /// The child of `parent` along `segment` (whose `hashValue` is `fingerprint`), checking the
    /// text against `label(child)`.
    func child(of parent: Int32, fingerprint: Int, where matches: (Int32) -> Bool) -> Int32? {
        let mask = slots.count - 1
        var index = Self.start(parent, fingerprint) & mask
        while true {
            let slot = slots[index]
            if slot.parent < 0 { return nil }
            if slot.parent == parent, slot.fingerprint == fingerprint, matches(slot.child) { return slot.child }
            index = (index + 1) & mask
        }
    }

    /// Adds an edge that is known not to exist yet.
    mutating func insert(parent: Int32, fingerprint: Int, child: Int32) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Self.start(parent, fingerprint) & mask
        while slots[index].parent >= 0 { index = (index + 1) & mask }
        slots[index] = Slot(parent: parent, child: child, fingerprint: fingerprint)
        count += 1
    }

    /// Doubles the table (load stays at most one half, so probes stay short).
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        count = 0
        for slot in old where slot.parent >= 0 {
            insert(parent: slot.parent, fingerprint: slot.fingerprint, child: slot.child)
        }
    }

    private static func start(_ parent: Int32, _ fingerprint: Int) -> Int {
        // Mix the parent in so that one segment under many parents ("item") spreads out.
        Int(truncatingIfNeeded: UInt(bitPattern: fingerprint) ^ (UInt(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15))
            & Int.max
    }
}

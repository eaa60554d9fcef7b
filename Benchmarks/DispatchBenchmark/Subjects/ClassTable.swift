import DispatchKit

/// A table from class to a small integer (its route or module), looked up in `isHit`.
///
/// Open addressing on the metadata address with a multiplicative hash: one multiply, one load
/// and one compare on a hit, a few nanoseconds — cheaper than a `Dictionary` (SipHash), so the
/// naive scan is not made slower than it must be. ``lookupCost`` measures it.
struct ClassTable {
    private var keys: [UInt]
    private var values: [Int32]
    private let shift: UInt

    init(_ classes: [DispatchActivity.Type]) {
        var bits = 4
        while 1 << bits < classes.count * 2 { bits += 1 }
        keys = Array(repeating: 0, count: 1 << bits)
        values = Array(repeating: -1, count: 1 << bits)
        shift = UInt(64 - bits)
        for (value, type) in classes.enumerated() {
            let key = UInt(bitPattern: ObjectIdentifier(type))
            var slot = slot(for: key)
            while keys[slot] != 0 { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            values[slot] = Int32(value)
        }
    }

    @inline(__always)
    private func slot(for key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The value of `type`; it must be in the table.
    @inline(__always)
    func value(of type: AnyObject.Type) -> Int {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        var slot = slot(for: key)
        while keys[slot] != key { slot = (slot + 1) & (keys.count - 1) }
        return Int(values[slot])
    }
}

import Foundation

/// A literal path segment as the route index compares it: its UTF-8 bytes, packed into two words
/// when it fits, so that a lookup compares and hashes two integers instead of a `String`.
///
/// `String` equality is canonical equivalence (`"é" == "e\u{301}"`, `"\u{212A}" == "K"`), and
/// patterns promise `String` equality. Bytes only agree with it in one normal form, so text with
/// non-ASCII bytes is converted to NFC first, on both sides (pattern literals when the index is
/// built, URL segments when they are looked up); ASCII text is its own NFC.
package struct SegmentKey: Sendable {
    /// The bytes, little-endian and zero-padded, of text of at most 16 bytes without a NUL: no
    /// two such texts share a packing. `high == .max` marks a long key instead (no UTF-8 text
    /// packs to eight 0xFF bytes): `low` is then a hash of all the bytes, which the caller keeps
    /// (see ``Literal``).
    let low: UInt64
    let high: UInt64

    var isLong: Bool { high == .max }

    /// A key and, for a long key, the normalised bytes it stands for.
    package struct Literal: Sendable {
        package let key: SegmentKey
        let longBytes: [UInt8]?

        package init(_ text: String) {
            if let key = text.utf8.withContiguousStorageIfAvailable({ SegmentKey.packed($0) }) ?? nil {
                self.init(key: key, longBytes: nil)
            } else if text.utf8.allSatisfy({ $0 < 0x80 }) {
                self.init(normalizedBytes: Array(text.utf8))
            } else {
                self.init(normalizedBytes: Array(text.precomposedStringWithCanonicalMapping.utf8))
            }
        }

        init(key: SegmentKey, longBytes: [UInt8]?) {
            self.key = key
            self.longBytes = longBytes
        }

        /// Bytes already in NFC (ASCII, or normalised).
        init(normalizedBytes bytes: [UInt8]) {
            if let key = bytes.withUnsafeBufferPointer({ SegmentKey.packed($0, asciiOnly: false) }) {
                self.init(key: key, longBytes: nil)
                return
            }
            // FNV-1a: only long keys pay for it.
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            self.init(key: SegmentKey(low: hash, high: .max), longBytes: bytes)
        }
    }

    /// Packs text of 16 bytes or fewer without a NUL — only ASCII text unless `asciiOnly` is
    /// `false` (bytes the caller has normalised): the common case, with no allocation. `nil` for
    /// anything else.
    static func packed(_ bytes: UnsafeBufferPointer<UInt8>, asciiOnly: Bool = true) -> SegmentKey? {
        guard bytes.count <= 16 else { return nil }
        let (low, high) = bytes.baseAddress.map { words(UnsafeRawPointer($0), bytes.count) } ?? (0, 0)
        let highBits: UInt64 = 0x8080_8080_8080_8080
        if (low | high) & highBits != 0 {
            // Not ASCII: valid UTF-8 never has a NUL inside a multi-byte character, so a plain
            // search finds any NUL.
            guard !asciiOnly, !bytes.contains(0) else { return nil }
            return SegmentKey(low: low, high: high)
        }
        // For ASCII bytes, adding 0x7F sets the high bit exactly when the byte is not zero: the
        // text has no NUL if that bit is set in each of its bytes (and the padding has none).
        // Masks rather than counting bits: without a POPCNT target, `nonzeroBitCount` is a
        // dozen instructions a word.
        let count = bytes.count
        let lowMask = count == 0 ? 0 : highBits >> UInt64((8 - Swift.min(count, 8)) * 8)
        let highMask = count <= 8 ? 0 : highBits >> UInt64((16 - count) * 8)
        guard (low &+ 0x7F7F_7F7F_7F7F_7F7F) & highBits == lowMask,
            (high &+ 0x7F7F_7F7F_7F7F_7F7F) & highBits == highMask
        else { return nil }
        return SegmentKey(low: low, high: high)
    }

    /// The key of at most 16 ASCII bytes without a NUL, which the caller has checked: what
    /// ``packed(_:asciiOnly:)`` returns for them, without checking again.
    init(plainASCII bytes: UnsafeBufferPointer<UInt8>) {
        (low, high) = bytes.baseAddress.map { Self.words(UnsafeRawPointer($0), bytes.count) } ?? (0, 0)
    }

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The `count` (at most 16) bytes at `base`, little-endian in two words and zero-padded,
    /// with two or three loads instead of a `memcpy` call; no byte past them is read.
    @inline(__always)
    private static func words(_ base: UnsafeRawPointer, _ count: Int) -> (UInt64, UInt64) {
        if count >= 8 {
            let low = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
            guard count > 8 else { return (low, 0) }
            // The last eight bytes, shifted down past the ones the first word already holds.
            let last = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            return (low, last >> UInt64((16 - count) * 8))
        }
        if count >= 4 {
            let first = UInt64(UInt32(littleEndian: base.loadUnaligned(as: UInt32.self)))
            let last = UInt64(
                UInt32(littleEndian: base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            return (first | last << UInt64((count - 4) * 8), 0)
        }
        var low: UInt64 = 0
        for offset in 0..<count {
            low |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << UInt64(offset * 8)
        }
        return (low, 0)
    }

    // MARK: - Trails

    /// What stands for a parameter edge and a typed-parameter edge in a trail: no literal packs
    /// to them (UTF-8 has no 0xFE or 0xFF byte).
    package static let parameterMarker = SegmentKey(low: 1, high: .max - 1)
    package static let typedMarker = SegmentKey(low: 2, high: .max - 1)

    /// The trail of a trie root: a hash of its node number.
    package static func trail(ofRoot node: Int32) -> UInt64 {
        (UInt64(UInt32(bitPattern: node)) &+ 1) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The trail of the node this key leads to from a node whose trail is `parent`: a hash of
    /// the keys (or markers) on the way from the root. A lookup computes it from the URL alone,
    /// without reading the trie, so the edge of every segment can be loaded at once.
    @inline(__always)
    package func trail(after parent: UInt64) -> UInt64 {
        var hash = parent ^ (low &* 0x9E37_79B9_7F4A_7C15)
        hash ^= (high &+ (hash >> 32)) &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= hash >> 29
        hash &*= 0x1656_67B1_9E37_79F9
        hash ^= hash >> 32
        return hash
    }

    /// Where a probe for the edge with this trail starts, spread over `0..<capacity`.
    @inline(__always)
    static func slot(of trail: UInt64, capacity: Int) -> Int {
        Int(truncatingIfNeeded: trail.multipliedFullWidth(by: UInt64(capacity)).high)
    }
}

import Testing

@testable import DispatchKit

/// `SegmentKey.packed` reads up to 16 bytes with overlapping word loads; every length and every
/// byte position must land where a plain byte-by-byte packing puts it.
@Suite("Segment key packing")
struct SegmentKeyPackingTests {
    /// The packing spelled out: byte `i` at bits `8 i` of the low word (then of the high word).
    private func reference(_ bytes: [UInt8]) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        for (offset, byte) in bytes.enumerated() {
            if offset < 8 {
                words.0 |= UInt64(byte) << UInt64(offset * 8)
            } else {
                words.1 |= UInt64(byte) << UInt64((offset - 8) * 8)
            }
        }
        return words
    }

    @Test(arguments: 0...16)
    func everyLengthPacksEveryByteInItsPlace(length: Int) throws {
        // Distinct bytes, so that a byte in the wrong place or read twice shows.
        let bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
        // Surrounded by other bytes in memory: a load past the end would pick them up.
        let padded =
            [UInt8](repeating: UInt8(ascii: "Z"), count: 8) + bytes
            + [UInt8](repeating: UInt8(ascii: "Z"), count: 8)
        let key = try #require(
            padded.withUnsafeBufferPointer {
                SegmentKey.packed(UnsafeBufferPointer(rebasing: $0[8..<8 + length]))
            })
        let expected = reference(bytes)
        #expect(key.low == expected.0)
        #expect(key.high == expected.1)
    }

    @Test(arguments: 1...16)
    func aNulAnywhereInTheTextStopsThePacking(length: Int) {
        for position in 0..<length {
            var bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
            bytes[position] = 0
            #expect(
                bytes.withUnsafeBufferPointer { SegmentKey.packed($0) } == nil,
                "NUL at \(position) of \(length)")
        }
    }

    @Test func textWithANulOrOver16BytesDoesNotPack() {
        for bytes in [
            [UInt8(ascii: "a"), 0, UInt8(ascii: "b")], [0], Array(repeating: UInt8(ascii: "x"), count: 17),
        ] {
            #expect(bytes.withUnsafeBufferPointer { SegmentKey.packed($0) } == nil)
        }
    }

    @Test func nonASCIIPacksOnlyWhenTheCallerHasNormalised() {
        let bytes = Array("café".utf8)
        #expect(bytes.withUnsafeBufferPointer { SegmentKey.packed($0) } == nil)
        let key = bytes.withUnsafeBufferPointer { SegmentKey.packed($0, asciiOnly: false) }
        #expect(key?.low == reference(bytes).0)
    }
}

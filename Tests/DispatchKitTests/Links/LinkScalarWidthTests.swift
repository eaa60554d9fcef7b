import Foundation
import Testing

@testable import DispatchKit

// Every integer width through every container a link reads or writes it with: the keyed one of a
// link's own properties, the single value of a type that decodes itself and an array's list. The
// widths share one parse and one writer that each container forwards to: a width whose range,
// error or text differed from the others' would show here.

/// A width, read and written through each container's own requirement for it (`decode(Int8.self)`,
/// `encode(_: Int8)`), as a type's `Codable` conformance calls them, not through the generic one.
private protocol LinkTestWidth: FixedWidthInteger & Sendable {
    static func read(_ container: any SingleValueDecodingContainer) throws -> Self
    static func read(_ container: inout any UnkeyedDecodingContainer) throws -> Self
    static func read(_ container: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self
    static func write(_ value: Self, _ container: inout any SingleValueEncodingContainer) throws
    static func write(_ value: Self, _ container: inout any UnkeyedEncodingContainer) throws
    static func write(_ value: Self, _ container: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
}

extension Int: LinkTestWidth {
    fileprivate static func read(_ c: any SingleValueDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: inout any UnkeyedDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self {
        try c.decode(Self.self, forKey: key)
    }
    fileprivate static func write(_ v: Self, _ c: inout any SingleValueEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout any UnkeyedEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
    {
        try c.encode(v, forKey: key)
    }
}

extension Int8: LinkTestWidth {
    fileprivate static func read(_ c: any SingleValueDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: inout any UnkeyedDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self {
        try c.decode(Self.self, forKey: key)
    }
    fileprivate static func write(_ v: Self, _ c: inout any SingleValueEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout any UnkeyedEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
    {
        try c.encode(v, forKey: key)
    }
}

extension Int16: LinkTestWidth {
    fileprivate static func read(_ c: any SingleValueDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: inout any UnkeyedDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self {
        try c.decode(Self.self, forKey: key)
    }
    fileprivate static func write(_ v: Self, _ c: inout any SingleValueEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout any UnkeyedEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
    {
        try c.encode(v, forKey: key)
    }
}

extension Int32: LinkTestWidth {
    fileprivate static func read(_ c: any SingleValueDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: inout any UnkeyedDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self {
        try c.decode(Self.self, forKey: key)
    }
    fileprivate static func write(_ v: Self, _ c: inout any SingleValueEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout any UnkeyedEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
    {
        try c.encode(v, forKey: key)
    }
}

extension Int64: LinkTestWidth {
    fileprivate static func read(_ c: any SingleValueDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: inout any UnkeyedDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self {
        try c.decode(Self.self, forKey: key)
    }
    fileprivate static func write(_ v: Self, _ c: inout any SingleValueEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout any UnkeyedEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
    {
        try c.encode(v, forKey: key)
    }
}

extension UInt: LinkTestWidth {
    fileprivate static func read(_ c: any SingleValueDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: inout any UnkeyedDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self {
        try c.decode(Self.self, forKey: key)
    }
    fileprivate static func write(_ v: Self, _ c: inout any SingleValueEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout any UnkeyedEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
    {
        try c.encode(v, forKey: key)
    }
}

extension UInt8: LinkTestWidth {
    fileprivate static func read(_ c: any SingleValueDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: inout any UnkeyedDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self {
        try c.decode(Self.self, forKey: key)
    }
    fileprivate static func write(_ v: Self, _ c: inout any SingleValueEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout any UnkeyedEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
    {
        try c.encode(v, forKey: key)
    }
}

extension UInt16: LinkTestWidth {
    fileprivate static func read(_ c: any SingleValueDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: inout any UnkeyedDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self {
        try c.decode(Self.self, forKey: key)
    }
    fileprivate static func write(_ v: Self, _ c: inout any SingleValueEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout any UnkeyedEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
    {
        try c.encode(v, forKey: key)
    }
}

extension UInt32: LinkTestWidth {
    fileprivate static func read(_ c: any SingleValueDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: inout any UnkeyedDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self {
        try c.decode(Self.self, forKey: key)
    }
    fileprivate static func write(_ v: Self, _ c: inout any SingleValueEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout any UnkeyedEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
    {
        try c.encode(v, forKey: key)
    }
}

extension UInt64: LinkTestWidth {
    fileprivate static func read(_ c: any SingleValueDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: inout any UnkeyedDecodingContainer) throws -> Self {
        try c.decode(Self.self)
    }
    fileprivate static func read(_ c: KeyedDecodingContainer<LinkKey>, _ key: LinkKey) throws -> Self {
        try c.decode(Self.self, forKey: key)
    }
    fileprivate static func write(_ v: Self, _ c: inout any SingleValueEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout any UnkeyedEncodingContainer) throws {
        try c.encode(v)
    }
    fileprivate static func write(_ v: Self, _ c: inout KeyedEncodingContainer<LinkKey>, _ key: LinkKey)
        throws
    {
        try c.encode(v, forKey: key)
    }
}

/// `digits` + 1, in decimal: the first number past a type's maximum.
private func incremented(_ digits: String) -> String {
    var result = Array(digits.utf8)
    var index = result.count - 1
    while index >= 0 {
        if result[index] == UInt8(ascii: "9") {
            result[index] = UInt8(ascii: "0")
            index -= 1
        } else {
            result[index] += 1
            return String(decoding: result, as: UTF8.self)
        }
    }
    return "1" + String(decoding: result, as: UTF8.self)
}

@Suite("Typed links: every integer width in every container")
struct LinkScalarWidthTests {
    private static let key = LinkKey(stringValue: "value")

    /// The widths, each with the texts of its minimum and maximum.
    private static let widths: [any LinkTestWidth.Type] = [
        Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
        UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
    ]

    /// `text` read as a `T` by the keyed container (naming the key), the single value (naming
    /// `LinkTestPriority`, the type that decodes itself, not the width it asks for) and the list (naming `T`).
    private static func reads<T: LinkTestWidth>(_: T.Type, _ text: String) -> [Result<T, any Error>] {
        func result(_ body: () throws -> T) -> Result<T, any Error> { Result(catching: body) }
        let source = LinkSource(parameters: ["value": text], wildcard: nil, rawQuery: nil)
        let keyed = LinkDecoder(source: source).container(keyedBy: LinkKey.self)
        let single: any SingleValueDecodingContainer = LinkSingleValueDecodingContainer(
            text: text, type: LinkTestPriority.self)
        var list: any UnkeyedDecodingContainer = LinkListDecodingContainer(texts: [text])
        return [
            result { try T.read(keyed, key) },
            result { try T.read(single) },
            result { try T.read(&list) },
        ]
    }

    @Test func everyWidthReadsItsWholeRangeInEveryContainer() throws {
        for width in Self.widths { try expectRange(width) }
    }

    private func expectRange<T: LinkTestWidth>(_: T.Type) throws {
        for (text, value) in [(String(T.max), T.max), (String(T.min), T.min), ("-0", 0), ("007", 7)] {
            for read in Self.reads(T.self, text) {
                #expect(try read.get() == value, "\(T.self) \(text)")
            }
        }
    }

    @Test func everyWidthRefusesANumberPastItsRangeAsOutOfRangeInEveryContainer() {
        for width in Self.widths { expectOutOfRange(width) }
    }

    private func expectOutOfRange<T: LinkTestWidth>(_: T.Type) {
        let pastMax = incremented(String(T.max))
        let pastMin = T.isSigned ? "-" + incremented(String(String(T.min).dropFirst())) : "-1"
        for text in [pastMax, pastMin, "1" + String(repeating: "0", count: 40)] {
            expectFailure(T.self, text, .outOfRange)
        }
    }

    @Test func everyWidthRefusesWhatIsNoIntegerAsMalformedInEveryContainer() {
        for width in Self.widths {
            for text in ["", "-", "x", "+1", "1.0", " 1", "--1", "1-"] {
                expectFailure(width, text, .malformed)
            }
        }
    }

    private func expectFailure<T: LinkTestWidth>(
        _: T.Type, _ text: String, _ reason: LinkDecodingError.Reason
    ) {
        let reads = Self.reads(T.self, text)
        let expected = [
            LinkDecodingError(
                activity: "", key: "value", text: text, expectedType: "\(T.self)", reason: reason),
            LinkDecodingError(
                activity: "", key: "", text: text, expectedType: "LinkTestPriority", reason: reason),
            LinkDecodingError(activity: "", key: "", text: text, expectedType: "\(T.self)", reason: reason),
        ]
        for (read, error) in zip(reads, expected) {
            #expect(read.failure as? LinkDecodingError == error, "\(T.self) \(text)")
        }
    }

    @Test func everyWidthWritesItsMinimumAndMaximumInEveryContainer() throws {
        for width in Self.widths { try expectWritten(width) }
    }

    private func expectWritten<T: LinkTestWidth>(_: T.Type) throws {
        let texts = [String(T.min), String(T.max)]
        for value in [T.min, T.max] {
            let storage = LinkEncoderStorage()
            var keyed = LinkEncoder(storage: storage).container(keyedBy: LinkKey.self)
            try T.write(value, &keyed, Self.key)
            #expect(storage.entries.first?.texts == [String(value)], "\(T.self)")

            let single = LinkValueEncoderStorage()
            var container: any SingleValueEncodingContainer = LinkSingleValueEncodingContainer(
                storage: single)
            try T.write(value, &container)
            #expect(single.texts == [String(value)], "\(T.self)")
        }
        let list = LinkValueEncoderStorage()
        var container: any UnkeyedEncodingContainer = LinkListEncodingContainer(storage: list)
        try T.write(T.min, &container)
        try T.write(T.max, &container)
        #expect(list.texts == texts, "\(T.self)")
    }
}

import DispatchKit
import Foundation
import Testing

// How each built-in type reads its text: the accepted spellings, every malformed one, and the
// ranges of the integer widths. The value comes from a path parameter named `value`, so the texts
// need no URL escaping.

private struct One<Value: Codable & Hashable & Sendable>: DispatchLink, Hashable {
    var value: Value
}

@MainActor
private func decode<Value: Codable & Hashable & Sendable>(_: Value.Type, _ text: String) throws -> Result<
    Value, LinkDecodingError
> {
    try linkTestDecode(One<Value>.self, "/x", parameters: ["value": text]).map(\.value)
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

@MainActor
@Suite("Typed links: scalar values")
struct LinkScalarDecodingTests {
    @Test(arguments: ["", "a b", "中文", "%", "/", "+", "a=b&c", "0"])
    func aStringIsTheTextAsItIs(_ text: String) throws {
        #expect(try decode(String.self, text).value == text)
    }

    @Test(arguments: [
        ("0", 0), ("42", 42), ("-7", -7), ("-0", 0), ("007", 7),
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
    ])
    func anIntReadsAnOptionalMinusAndDigits(_ text: String, _ expected: Int) throws {
        #expect(try decode(Int.self, text).value == expected)
    }

    /// Never a silent 0 or a prefix: the error names the key, the text and the type.
    @Test(arguments: ["", "abc", "12a", " 1", "1 ", "+1", "1.0", "1e3", "-", "--1", "0x10", "１２", "1_000"])
    func anIntRefusesAnythingElseAsMalformed(_ text: String) throws {
        let error = try #require(try decode(Int.self, text).failure)
        #expect(error.reason == .malformed)
        #expect(error.key == "value")
        #expect(error.text == text)
        #expect(error.expectedType == "Int")
        #expect(error.activity == "DispatchActivity")
    }

    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "99999999999999999999"])
    func anIntTooLargeIsOutOfRangeNotMalformed(_ text: String) throws {
        let error = try #require(try decode(Int.self, text).failure)
        #expect(error.reason == .outOfRange)
        #expect(error.text == text)
    }

    /// Every width: its minimum and maximum read, one past either is out of range.
    @Test func everyIntegerWidthReadsItsWholeRangeAndNoMore() throws {
        try expectRange(Int8.self)
        try expectRange(Int16.self)
        try expectRange(Int32.self)
        try expectRange(Int64.self)
        try expectRange(Int.self)
        try expectRange(UInt8.self)
        try expectRange(UInt16.self)
        try expectRange(UInt32.self)
        try expectRange(UInt64.self)
        try expectRange(UInt.self)
    }

    private func expectRange<T: FixedWidthInteger & Codable & Sendable>(
        _: T.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try decode(T.self, String(T.max)).value == T.max, sourceLocation: sourceLocation)
        #expect(try decode(T.self, String(T.min)).value == T.min, sourceLocation: sourceLocation)
        #expect(try decode(T.self, "-0").value == 0, sourceLocation: sourceLocation)
        let pastMax = incremented(String(T.max))
        let pastMin = T.isSigned ? "-" + incremented(String(String(T.min).dropFirst())) : "-1"
        for text in [pastMax, pastMin, "1" + String(repeating: "0", count: 40)] {
            let error = try #require(try decode(T.self, text).failure, sourceLocation: sourceLocation)
            #expect(error.reason == .outOfRange, "\(T.self) \(text)", sourceLocation: sourceLocation)
            #expect(error.expectedType == "\(T.self)", sourceLocation: sourceLocation)
        }
        #expect(try decode(T.self, "x").failure?.reason == .malformed, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("1.5", 1.5), ("-0.25", -0.25), ("1e3", 1000), ("2.5E-4", 0.00025), ("1e+16", 1e16), ("0", 0),
        ("007.5", 7.5), ("-3", -3), ("1.7976931348623157e+308", Double.greatestFiniteMagnitude),
    ])
    func aDoubleReadsDecimalNotation(_ text: String, _ expected: Double) throws {
        #expect(try decode(Double.self, text).value == expected)
    }

    @Test(arguments: [
        "", "nan", "NaN", "inf", "infinity", "-inf", "0x1p3", "+1", ".5", "5.", "1e", "1e+", " 1", "1,5",
        "abc",
        "1.2.3",
    ])
    func aDoubleRefusesOtherNotationsAsMalformed(_ text: String) throws {
        let error = try #require(try decode(Double.self, text).failure)
        #expect(error.reason == .malformed)
        #expect(error.expectedType == "Double")
    }

    @Test func aNumberThatRoundsToInfinityIsOutOfRange() throws {
        #expect(try decode(Double.self, "1e999").failure?.reason == .outOfRange)
        #expect(try decode(Float.self, "1e39").failure?.reason == .outOfRange)
        #expect(try decode(Float.self, "3.4028235e38").value == Float.greatestFiniteMagnitude)
        #expect(try decode(Float.self, "0.1").value == 0.1)
        #expect(try decode(Float.self, "nan").failure?.reason == .malformed)
    }

    @Test(arguments: [
        ("true", true), ("TRUE", true), ("True", true), ("1", true), ("false", false), ("FALSE", false),
        ("0", false),
    ])
    func aBoolReadsTrueFalseOneZero(_ text: String, _ expected: Bool) throws {
        #expect(try decode(Bool.self, text).value == expected)
    }

    @Test(arguments: ["yes", "no", "on", "off", "", "2", "t", "truee", "-1", " true"])
    func aBoolRefusesOtherSpellings(_ text: String) throws {
        let error = try #require(try decode(Bool.self, text).failure)
        #expect(error.reason == .malformed)
        #expect(error.expectedType == "Bool")
    }

    @Test func aUUIDReadsEitherCase() throws {
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try decode(UUID.self, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F").value == uuid)
        #expect(try decode(UUID.self, "e621e1f8-c36c-495a-93fc-0c247a3e6e5f").value == uuid)
    }

    @Test(arguments: [
        "", "not-a-uuid", "E621E1F8C36C495A93FC0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5",
        "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ])
    func aUUIDRefusesAnythingElse(_ text: String) throws {
        let error = try #require(try decode(UUID.self, text).failure)
        #expect(error.reason == .malformed)
        #expect(error.expectedType == "UUID")
    }

    /// The other scalar types the keyed container reads itself.
    @Test func everyBuiltInTypeReadsFromTheQueryToo() throws {
        struct All: DispatchLink {
            var s: String
            var i: Int
            var i8: Int8
            var i16: Int16
            var i32: Int32
            var i64: Int64
            var u: UInt
            var u8: UInt8
            var u16: UInt16
            var u32: UInt32
            var u64: UInt64
            var d: Double
            var f: Float
            var b: Bool
            var id: UUID
        }
        let query =
            "s=x&i=-1&i8=-8&i16=16&i32=32&i64=-64&u=1&u8=8&u16=16&u32=32&u64=18446744073709551615"
            + "&d=0.5&f=2&b=true&id=00000000-0000-0000-0000-000000000001"
        let all = try #require(try linkTestDecode(All.self, "/x?" + query).value)
        #expect(
            all.s == "x" && all.i == -1 && all.i8 == -8 && all.i16 == 16 && all.i32 == 32 && all.i64 == -64)
        #expect(all.u == 1 && all.u8 == 8 && all.u16 == 16 && all.u32 == 32 && all.u64 == .max)
        #expect(all.d == 0.5 && all.f == 2 && all.b)
        #expect(all.id.uuidString == "00000000-0000-0000-0000-000000000001")
    }
}

import Foundation
import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

/// The built-in value types by name, as a comparison of manifests decodes them: each refuses what
/// the link decoder refuses, for the same reason.
@Suite struct LinkBuiltInTypeTests {
    @Test func eachNameOfTheDecodingTableIsKnown() {
        #expect(LinkBuiltInType(typeName: "Int") == .integer(bitWidth: 64, isSigned: true))
        #expect(LinkBuiltInType(typeName: "Int") == LinkBuiltInType(typeName: "Int64"))
        #expect(LinkBuiltInType(typeName: "UInt") == .integer(bitWidth: 64, isSigned: false))
        #expect(LinkBuiltInType(typeName: "UInt8") == .integer(bitWidth: 8, isSigned: false))
        #expect(LinkBuiltInType(typeName: "Int16") == .integer(bitWidth: 16, isSigned: true))
        for name in [
            "String", "Bool", "Double", "Float", "UUID", "Int8", "Int32", "UInt16", "UInt32", "UInt64",
        ] {
            #expect(LinkBuiltInType(typeName: name) != nil, "\(name)")
        }
        for name in ["ProductTab", "Array<Int>", "Character", "Substring", "int"] {
            #expect(LinkBuiltInType(typeName: name) == nil, "\(name)")
        }
    }

    @Test(arguments: [
        ("Int16", "40000", LinkDecodingError.Reason.outOfRange),
        ("Int16", "-32769", .outOfRange),
        ("UInt8", "-1", .outOfRange),
        ("Int", "4.5", .malformed),
        ("Int", "", .malformed),
        ("Bool", "yes", .malformed),
        ("Double", "nan", .malformed),
        ("Float", "1e39", .outOfRange),
        ("UUID", "example", .malformed),
    ])
    func aRefusedTextIsRefusedForTheDecodersReason(
        name: String, text: String, reason: LinkDecodingError.Reason
    ) {
        #expect(LinkBuiltInType(typeName: name)?.refusal(of: text) == reason)
    }

    @Test(arguments: [
        ("Int16", "32767"), ("Int", "-0"), ("Int8", "007"), ("UInt64", "18446744073709551615"),
        ("Bool", "TRUE"), ("Bool", "0"), ("Double", "2.5E-4"), ("String", ""),
        ("UUID", "123e4567-e89b-42d3-a456-426614174000"),
    ])
    func anAcceptedTextIsAccepted(name: String, text: String) {
        #expect(LinkBuiltInType(typeName: name)?.refusal(of: text) == .some(nil))
    }
}

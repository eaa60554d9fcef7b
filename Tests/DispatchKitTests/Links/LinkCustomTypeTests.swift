import DispatchKit
import Foundation
import Testing

// Enums (String and Int raw values, and others through their own Codable), LosslessStringConvertible
// and LinkValueConvertible types, and a link type's own init(from:).

private enum Ratio: Double, Codable, Sendable, Hashable {
    case half = 0.5
    case whole = 1
}

private struct Custom: DispatchLink, Hashable {
    var tab: LinkTestTab
    var priority: LinkTestPriority?
    var sku: LinkTestSKU?
    var version: LinkTestVersion?
    var ratio: Ratio?
}

/// Validates in its own init(from:).
private struct Positive: DispatchLink {
    var id: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        guard id > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container, debugDescription: "not positive")
        }
    }
}

private struct OwnError: Error, CustomStringConvertible {
    var description: String { "the id is reserved" }
}

private struct Reserved: DispatchLink {
    var id: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        if id == 7 { throw OwnError() }
    }
}

/// A raw value whose own Codable conformance is keyed: a link reads and writes its raw value.
private struct OwnerID: RawRepresentable, Codable, Hashable, Sendable {
    var rawValue: String

    init(rawValue: String) {
        self.rawValue = rawValue
    }

    private enum CodingKeys: String, CodingKey { case value }

    init(from decoder: any Decoder) throws {
        rawValue = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .value)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rawValue, forKey: .value)
    }
}

private final class OwnerActivity: LinkActivity<OwnerActivity.Link> {
    struct Link: DispatchLink, Hashable { var owner: OwnerID }
    override class var patterns: [RoutePattern] { ["/owners"] }
    override func execute(with link: Link) throws {}
}

@MainActor
@Suite("Typed links: enums and custom types")
struct LinkCustomTypeTests {
    @Test func anEnumReadsItsRawValue() throws {
        let link = try #require(try linkTestDecode(Custom.self, "/x?tab=reviews&priority=5&ratio=0.5").value)
        #expect(link.tab == .reviews)
        #expect(link.priority == .high)
        #expect(link.ratio == .half)
    }

    @Test(arguments: ["Reviews", "review", "", "1"])
    func aStringEnumRefusesAnythingButACase(_ text: String) throws {
        let error = try #require(try linkTestDecode(Custom.self, "/x?tab=\(text)").failure)
        #expect(error.key == "tab" && error.text == text && error.expectedType == "LinkTestTab")
        #expect(error.reason == .malformed)
    }

    @Test func anIntEnumReadsByTheIntRule() throws {
        func failure(_ text: String) throws -> LinkDecodingError? {
            try linkTestDecode(Custom.self, "/x?tab=details&priority=\(text)").failure
        }
        #expect(try failure("2")?.reason == .malformed)  // an Int, no case
        #expect(try failure("+5")?.reason == .malformed)
        #expect(try failure("99999999999999999999")?.reason == .outOfRange)
        #expect(try failure("high")?.expectedType == "LinkTestPriority")
        #expect(try linkTestDecode(Custom.self, "/x?tab=details&priority=05").value?.priority == .high)
    }

    /// An enum with another raw type decodes itself, by the rule of that type.
    @Test func anEnumOfAnotherRawTypeDecodesItself() throws {
        let error = try #require(try linkTestDecode(Custom.self, "/x?tab=details&ratio=0.25").failure)
        #expect(error.key == "ratio" && error.expectedType == "Ratio" && error.reason == .malformed)
        #expect(try linkTestDecode(Custom.self, "/x?tab=details&ratio=abc").failure?.key == "ratio")
    }

    /// Its own rule, not its keyed Codable conformance.
    @Test func aLinkValueConvertibleTypeReadsItself() throws {
        #expect(try linkTestDecode(Custom.self, "/x?tab=details&sku=abcdefgh").value?.sku?.code == "ABCDEFGH")
        let error = try #require(try linkTestDecode(Custom.self, "/x?tab=details&sku=abc").failure)
        #expect(error.key == "sku" && error.text == "abc" && error.expectedType == "LinkTestSKU")
        #expect(error.reason == .malformed)
    }

    @Test func aLosslessStringConvertibleTypeReadsItsDescription() throws {
        let link = try #require(try linkTestDecode(Custom.self, "/x?tab=details&version=2.10").value)
        #expect(link.version == LinkTestVersion(major: 2, minor: 10))
        let error = try #require(try linkTestDecode(Custom.self, "/x?tab=details&version=2").failure)
        #expect(
            error.key == "version" && error.expectedType == "LinkTestVersion" && error.reason == .malformed)
    }

    /// Pins that both ways use the raw value of a `String`-backed type, not its keyed Codable.
    @Test func aRawRepresentableTypeIsReadAndWrittenByItsRawValue() throws {
        let link = try #require(try linkTestDecode(OwnerActivity.Link.self, "/owners?owner=ann").value)
        #expect(link.owner == OwnerID(rawValue: "ann"))
        let center = DispatchCenter()
        center.register(OwnerActivity.self)
        #expect(try center.url(for: link).description == "/owners?owner=ann")
    }

    /// What a link type's own init(from:) throws is the typed failure too, with its words.
    @Test func aLinkTypesOwnRefusalIsATypedFailure() throws {
        let error = try #require(try linkTestDecode(Positive.self, "/x?id=-3").failure)
        #expect(error.key == "id")
        #expect(error.expectedType == "Positive")
        guard case .rejected(let detail) = error.reason else {
            Issue.record("\(error.reason)")
            return
        }
        #expect(detail.contains("not positive"))
        #expect(try linkTestDecode(Positive.self, "/x?id=3").value?.id == 3)
        let own = try #require(try linkTestDecode(Reserved.self, "/x?id=7").failure)
        #expect(own.reason == .rejected("the id is reserved"))
        #expect(own.key.isEmpty)
        #expect(own.description == "DispatchActivity's link: Reserved refused it: the id is reserved")
    }
}

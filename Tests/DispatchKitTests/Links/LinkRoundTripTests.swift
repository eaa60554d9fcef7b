import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

// The round trip as a property: for random values of every type a link can hold — strings with
// Unicode, "/", "%", "&", "=", "+", "#", "?", spaces and nothing at all — the URL built decodes to
// the same value, both as built and as its text parsed again, and the center hands it to the class
// that built it.

private struct Everything: DispatchLink, Hashable {
    var id: Int
    var name: String
    var text: String
    var small: Int8?
    var big: UInt64
    var ratio: Double
    var fraction: Float?
    var flag: Bool
    var token: UUID?
    var tab: LinkTestTab?
    var priority: LinkTestPriority
    var tags: [String]
    var counts: [Int]
    var sku: LinkTestSKU?
    var version: LinkTestVersion?
    var wildcard: [String]
}

/// What the activity received, in order.
@MainActor
private final class Received: Sendable {
    var links: [Everything] = []
    nonisolated init() {}
}

/// The name and the wildcard go to the path when the URL can carry them there, else (an empty or
/// dot name) the second pattern takes them as query items.
private final class EverythingActivity: LinkActivity<Everything> {
    override class var patterns: [RoutePattern] { ["/rt/:id<int>/:name/*", "/rt2/:id<int>"] }
    override func execute(with link: Everything) throws {
        (userInfo["received"] as? Received)?.links.append(link)
    }
}

/// A class whose patterns overlap the link's paths, to check the URL built is not claimed by it.
private final class NeighbourActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/rt/:id<int>/fixed", "/rt3/*"] }
    override func execute() throws {}
}

private struct Generator {
    var random: SeededRandom

    /// Pieces that URLs treat specially, and a few that they do not.
    static let pieces = [
        "a", "Z", "0", "9", "/", "%", "&", "=", "+", "#", "?", " ", ".", "..", "-", "_", "~", ":", "@", "!",
        "$",
        "'", "(", ")", "*", ",", ";", "[", "]", "\\", "\"", "<", ">", "中", "é", "😀", "\u{00A0}", "\u{3000}",
        "%20", "%zz", "\t", "e\u{301}",
    ]

    mutating func string(maxPieces: Int = 6) -> String {
        (0..<random.int(0...maxPieces)).map { _ in random.pick(Self.pieces) }.joined()
    }

    mutating func optional<T>(_ make: (inout Generator) -> T) -> T? {
        random.chance(0.5) ? make(&self) : nil
    }

    mutating func double() -> Double {
        switch random.int(0...3) {
        case 0: return Double(random.int(-1000...1000)) / 8
        case 1:
            return [0, -0.0, 0.1, 1e-300, 1.7976931348623157e308, .leastNonzeroMagnitude, -2.5e10][
                random.int(0...6)]
        default:
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        }
    }

    mutating func float() -> Float {
        while true {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            if value.isFinite { return value }
        }
    }

    mutating func everything() -> Everything {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let sku = String((0..<8).map { _ in random.pick(letters) })
        let bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return Everything(
            id: Int(bitPattern: UInt(truncatingIfNeeded: random.next())),
            name: string(),
            text: string(maxPieces: 10),
            small: optional { Int8(truncatingIfNeeded: $0.random.next()) },
            big: random.next(),
            ratio: double(),
            fraction: optional { $0.float() },
            flag: random.chance(0.5),
            token: optional { _ in uuid },
            tab: optional { $0.random.pick(LinkTestTab.allCases) },
            priority: random.pick(LinkTestPriority.allCases),
            tags: (0..<random.int(0...3)).map { _ in string() },
            counts: (0..<random.int(0...3)).map { _ in random.int(-5...5) },
            sku: LinkTestSKU(linkValue: sku),
            version: optional { LinkTestVersion(major: $0.random.int(0...99), minor: $0.random.int(0...99)) },
            wildcard: (0..<random.int(0...3)).map { _ in string(maxPieces: 3) })
    }
}

@MainActor
@Suite("Typed links: round trip")
struct LinkRoundTripTests {
    @Test func decodingTheURLBuiltGivesTheValueBack() throws {
        let center = DispatchCenter()
        center.register([NeighbourActivity.self, EverythingActivity.self])
        let received = Received()
        var generator = Generator(random: SeededRandom(seed: 0x11_4B5))
        var tookSecondPattern = 0
        for round in 0..<400 {
            let value = generator.everything()
            let url = try center.url(for: value)
            if url.paths.first == "rt2" { tookSecondPattern += 1 }
            // As built, and as its text would arrive from outside.
            let reparsed = try DispatchURL(string: url.description)
            for candidate in [url, reparsed] {
                let result = center.dispatch(candidate, userInfo: ["received": received])
                #expect(result.isHandled, "round \(round): \(url) \(result)")
                #expect(result.activity is EverythingActivity, "round \(round): \(url)")
                #expect(received.links.last == value, "round \(round): \(url)")
            }
            #expect(try center.url(for: try #require(received.links.last)) == url)
            #expect(reparsed == url, "round \(round): \(url)")
        }
        #expect(received.links.count == 800)
        // Both patterns were exercised.
        #expect(tookSecondPattern > 10 && tookSecondPattern < 390)
    }
}

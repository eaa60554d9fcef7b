import DispatchKit
import DispatchKitRules
import Testing

/// `RedirectRules.Version`: dotted non-negative integers, compared number by number.
@Suite struct RedirectRulesVersionTests {
    typealias Version = RedirectRules.Version

    /// Accepted, and how each one reads back.
    @Test(arguments: [
        ("3", "3"), ("3.1", "3.1"), ("3.1.4", "3.1.4"), ("0", "0"), ("3.1.0", "3.1.0"), ("03.010", "3.10"),
        ("1.2.3.4.5.6.7.8", "1.2.3.4.5.6.7.8"), ("999999999999999999", "999999999999999999"),
        ("2024011512.1", "2024011512.1"),
    ])
    func parses(_ text: String, _ description: String) {
        #expect(Version(text)?.description == description)
    }

    @Test(arguments: [
        "", " 3", "3 ", "3 .1", "+3", "-3", "3.-1", "3..1", "3.", ".3", ".", "v3", "3.1-beta", "3.1b", "3,1",
        "3.1\n",
        "3_1", "0x10", "١", "３", "1.2.3.4.5.6.7.8.9", "1000000000000000000", "99999999999999999999999999999",
        "3.1.4.",
    ])
    func refuses(_ text: String) {
        #expect(Version(text) == nil)
    }

    @Test func missingComponentsCountAsZero() throws {
        #expect(Version("3.1") == Version("3.1.0"))
        #expect(Version("3") == Version("3.0.0.0"))
        #expect(Version("3.01") == Version("3.1"))
        #expect(Version("0") == Version("0.0"))
        #expect(Version("3.1") != Version("3.1.1"))
        // Equal values hash alike.
        #expect(Set(["3.1", "3.1.0", "3.1.0.0", "03.1"].compactMap(Version.init)).count == 1)
    }

    @Test(arguments: [
        ("3.0.9", "3.1"), ("3.1", "3.1.1"), ("3.9", "3.10"), ("3.1.4", "3.2"), ("2.99.99", "3"),
        ("0", "0.0.1"),
        ("999999999999999998", "999999999999999999"), ("1.2.3.4.5.6.7.8", "1.2.3.4.5.6.7.9"),
    ])
    func ordersNumberByNumber(_ lower: String, _ higher: String) throws {
        let low = try #require(Version(lower))
        let high = try #require(Version(higher))
        #expect(low < high)
        #expect(!(high < low))
        #expect(!(low < low))
        #expect(!(Version("3.1")! < Version("3.1.0")!))
    }
}

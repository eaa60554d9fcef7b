import DispatchKit
import Foundation
import Testing

// Where each key's value comes from: the pattern's parameters first, then the query; the wildcard
// under `wildcard`; query names and values decoded, unknown items ignored.

private struct Page: DispatchLink, Hashable {
    var id: String
    var from: String?
}

private struct Files: DispatchLink, Hashable {
    var owner: String
    var wildcard: [String]
}

private struct Joined: DispatchLink, Hashable {
    var wildcard: String
}

@MainActor
@Suite("Typed links: where values come from")
struct LinkKeySourceTests {
    /// A query item cannot override what the pattern captured.
    @Test func aPathParameterWinsOverAQueryItemOfTheSameName() throws {
        let link = try linkTestDecode(Page.self, "/p/42?id=666&from=push", parameters: ["id": "42"]).value
        #expect(link == Page(id: "42", from: "push"))
    }

    @Test func unknownQueryItemsAreIgnored() throws {
        let url = "/p?utm_source=mail&id=1&utm_campaign=spring&x=%E4%B8%AD"
        #expect(try linkTestDecode(Page.self, url).value == Page(id: "1", from: nil))
    }

    /// The first item of a name gives a single value, as ``DispatchURL/query`` does.
    @Test func theFirstOfRepeatedItemsGivesAScalar() throws {
        #expect(try linkTestDecode(Page.self, "/p?id=1&id=2").value?.id == "1")
    }

    /// Names and values are percent-decoded, `+` is a space, `%2B` a plus.
    @Test func queryNamesAndValuesAreDecoded() throws {
        let link = try linkTestDecode(Page.self, "/p?%69d=a%26b%3Dc&fr%6Fm=1+2%2B3").value
        #expect(link == Page(id: "a&b=c", from: "1 2+3"))
        #expect(try linkTestDecode(Page.self, "/p?i+d=1&id=2").value?.id == "2")
        #expect(try linkTestDecode(Page.self, "/p?id=1#from=x").value == Page(id: "1", from: nil))
    }

    @Test func theWildcardIsUnderTheKeyWildcard() throws {
        let files = try linkTestDecode(
            Files.self, "/files/ann/a/b.txt", parameters: ["owner": "ann"], wildcard: ["a", "b.txt"]
        ).value
        #expect(files == Files(owner: "ann", wildcard: ["a", "b.txt"]))
        let joined = try linkTestDecode(Joined.self, "/files/a/b.txt", wildcard: ["a", "b.txt"]).value
        #expect(joined?.wildcard == "a/b.txt")
    }

    /// A `*` that matched nothing is there, empty: a non-optional property reads it.
    @Test func aWildcardThatMatchedNothingIsEmpty() throws {
        #expect(
            try linkTestDecode(Files.self, "/files/ann", parameters: ["owner": "ann"], wildcard: []).value?
                .wildcard == [])
        #expect(try linkTestDecode(Joined.self, "/files", wildcard: []).value?.wildcard == "")
    }

    /// Without a `*`, `wildcard` is a query name like any other.
    @Test func withoutAWildcardTheKeyComesFromTheQuery() throws {
        #expect(try linkTestDecode(Joined.self, "/files?wildcard=x%2Fy").value?.wildcard == "x/y")
        #expect(try linkTestDecode(Joined.self, "/files").failure?.reason == .missing)
    }
}

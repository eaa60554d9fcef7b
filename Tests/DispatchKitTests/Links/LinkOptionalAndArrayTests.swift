import DispatchKit
import Foundation
import Testing

// Optionals (absent is nil; present is decoded, never read as nil), arrays from repeated query
// items, and the types a URL cannot carry: each a failure naming its key, never a crash.

private struct Optionals: DispatchLink, Hashable {
    var count: Int?
    var name: String?
    var tab: LinkTestTab?
    var flag: Bool?
}

private struct Tags: DispatchLink, Hashable {
    var tag: [String]
    var ids: [Int]
    var tabs: [LinkTestTab]?
}

private struct Filter: Codable, Hashable, Sendable {
    var color: String
}

private struct Nested: DispatchLink {
    var id: Int
    var filter: Filter
}

private struct Extras: DispatchLink {
    var extra: [String: String]
}

private struct Matrix: DispatchLink {
    var rows: [[String]]
}

private struct Dated: DispatchLink {
    var at: Date
}

private struct OptionalDate: DispatchLink {
    var at: Date?
}

@MainActor
@Suite("Typed links: optionals, arrays and unsupported types")
struct LinkOptionalAndArrayTests {
    @Test func anAbsentOptionalIsNil() throws {
        let link = try #require(try linkTestDecode(Optionals.self, "/x").value)
        #expect(link == Optionals(count: nil, name: nil, tab: nil, flag: nil))
    }

    @Test func aPresentOptionalIsDecoded() throws {
        let link = try #require(
            try linkTestDecode(Optionals.self, "/x?count=3&name=a+b&tab=photos&flag=0").value)
        #expect(link == Optionals(count: 3, name: "a b", tab: .photos, flag: false))
    }

    /// A malformed value fails; it is not read as an absent one.
    @Test(arguments: [("count", "abc", "Int"), ("tab", "videos", "LinkTestTab"), ("flag", "maybe", "Bool")])
    func aMalformedOptionalFailsInsteadOfBeingNil(_ key: String, _ text: String, _ type: String) throws {
        let error = try #require(try linkTestDecode(Optionals.self, "/x?\(key)=\(text)").failure)
        #expect(error.key == key)
        #expect(error.text == text)
        #expect(error.expectedType == type)
        #expect(error.reason == .malformed)
    }

    /// `?name=` is an empty string; `?count=` is no number, and `?count` (no `=`) is the same.
    @Test func anEmptyValueIsAnEmptyStringAndMalformedForAnythingElse() throws {
        #expect(try linkTestDecode(Optionals.self, "/x?name=").value?.name == "")
        #expect(try linkTestDecode(Optionals.self, "/x?name").value?.name == "")
        #expect(try linkTestDecode(Optionals.self, "/x?count=").failure?.reason == .malformed)
        #expect(try linkTestDecode(Optionals.self, "/x?count").failure?.text == "")
    }

    @Test func anArrayReadsEveryRepeatedItemInOrder() throws {
        let link = try #require(
            try linkTestDecode(Tags.self, "/x?tag=b&ids=3&tag=a&ids=-1&tag=b&tabs=reviews").value)
        #expect(link.tag == ["b", "a", "b"])
        #expect(link.ids == [3, -1])
        #expect(link.tabs == [.reviews])
    }

    /// No item is an empty array for a non-optional array, and `nil` for an optional one.
    @Test func anAbsentArrayIsEmptyOrNil() throws {
        let link = try #require(try linkTestDecode(Tags.self, "/x").value)
        #expect(link.tag.isEmpty && link.ids.isEmpty)
        #expect(link.tabs == nil)
    }

    @Test func aMalformedElementFailsTheWholeLinkNamingTheArray() throws {
        let error = try #require(try linkTestDecode(Tags.self, "/x?ids=1&ids=two").failure)
        #expect(error.key == "ids")
        #expect(error.text == "two")
        #expect(error.expectedType == "Int")
        #expect(error.reason == .malformed)
        let enumError = try #require(try linkTestDecode(Tags.self, "/x?tabs=reviews&tabs=x").failure)
        #expect(enumError.key == "tabs" && enumError.text == "x" && enumError.expectedType == "LinkTestTab")
    }

    /// A path parameter is one value: an array of it has one element.
    @Test func anArrayOfAPathParameterHasItsOneValue() throws {
        #expect(try linkTestDecode(Tags.self, "/x?tag=q", parameters: ["tag": "p"]).value?.tag == ["p"])
    }

    @Test func aNestedStructIsAnUnsupportedTypeNamingItsKey() throws {
        let error = try #require(try linkTestDecode(Nested.self, "/x?id=1&filter=red").failure)
        #expect(error.key == "filter")
        #expect(error.expectedType == "Filter")
        #expect(error.reason == .unsupported)
        #expect(error.description.contains("filter is a Filter, which a URL cannot carry"))
    }

    /// Pins that an absent nested struct is reported as a type no URL can carry, not as missing:
    /// adding `?filter=` would not help, so the error must not suggest it.
    @Test func anAbsentNestedStructIsUnsupportedNotMissing() throws {
        let error = try #require(try linkTestDecode(Nested.self, "/x?id=1").failure)
        #expect(error.key == "filter" && error.reason == .unsupported && error.text == nil)
        #expect(error.description.contains("filter is a Filter, which a URL cannot carry"))
    }

    /// An absent required value of a type a URL can carry is still missing.
    @Test func anAbsentRequiredScalarIsMissing() throws {
        let error = try #require(try linkTestDecode(Nested.self, "/x?filter=red").failure)
        #expect(error.key == "id" && error.reason == .missing)
    }

    @Test func aDictionaryAndAnArrayOfArraysAreUnsupported() throws {
        let dictionary = try #require(try linkTestDecode(Extras.self, "/x?extra=a").failure)
        #expect(dictionary.key == "extra" && dictionary.reason == .unsupported)
        let matrix = try #require(try linkTestDecode(Matrix.self, "/x?rows=a&rows=b").failure)
        #expect(matrix.key == "rows" && matrix.reason == .unsupported)
    }

    /// Regression: an absent array of arrays decoded as `[]`, where one with values failed: it
    /// fails naming its key either way, as nested structs and dictionaries do.
    @Test func anAbsentArrayOfArraysIsUnsupported() throws {
        let error = try #require(try linkTestDecode(Matrix.self, "/x").failure)
        #expect(error.key == "rows" && error.reason == .unsupported && error.text == nil)
        #expect(error.expectedType == "Array<Array<String>>")
        // An absent array of a type a URL carries is still empty.
        #expect(try linkTestDecode(Tags.self, "/x").value?.ids == [])
    }

    /// Regression: a `Date` read seconds since 2001 from the URL, a form no link shares: it is
    /// refused, present or absent, naming what to use instead.
    @Test func aDateIsUnsupportedNamingTheAlternatives() throws {
        for url in ["/x?at=0", "/x"] {
            let error = try #require(try linkTestDecode(Dated.self, url).failure)
            #expect(error.key == "at" && error.reason == .unsupported && error.expectedType == "Date")
            #expect(
                error.description
                    == "DispatchActivity's link: at is a Date, which a URL cannot carry (\(LinkTestDate.advice))"
            )
        }
        #expect(try linkTestDecode(OptionalDate.self, "/x").value != nil)
        #expect(try linkTestDecode(OptionalDate.self, "/x?at=1").failure?.reason == .unsupported)
    }

    /// Regression: an array of arrays was named by its element ("rows is an Array<String>, which
    /// a URL cannot carry"), a type the property does not have. An array whose elements no URL
    /// can carry names the property's type, present or absent; a `[Date]` still says what to use
    /// instead of a `Date`; an element that does not decode still names the element's type.
    @Test func anArrayOfElementsNoURLCanCarryNamesThePropertysType() throws {
        struct Dates: DispatchLink { var at: [Date] }
        struct Filters: DispatchLink { var filters: [Filter]? }
        for url in ["/x", "/x?rows=a&rows=b"] {
            let matrix = try #require(try linkTestDecode(Matrix.self, url).failure)
            #expect(matrix.expectedType == "Array<Array<String>>" && matrix.reason == .unsupported)
            #expect(
                matrix.description
                    == "DispatchActivity's link: rows is an Array<Array<String>>, which a URL cannot carry (nested values, dictionaries, sets, Data and arrays of arrays are not supported)"
            )
        }
        let dates = try #require(try linkTestDecode(Dates.self, "/x?at=1").failure)
        #expect(
            dates.description
                == "DispatchActivity's link: at is an Array<Date>, which a URL cannot carry (\(LinkTestDate.advice))"
        )
        let filters = try #require(try linkTestDecode(Filters.self, "/x?filters=red").failure)
        #expect(filters.expectedType == "Array<Filter>" && filters.reason == .unsupported)
        #expect(try linkTestDecode(Filters.self, "/x").value != nil)
        #expect(try linkTestDecode(Tags.self, "/x?ids=two").failure?.expectedType == "Int")
    }

    @Test func aMissingValueNamesItsKeyAndType() throws {
        struct Required: DispatchLink { var id: Int }
        let error = try #require(try linkTestDecode(Required.self, "/x?other=1").failure)
        #expect(
            error.key == "id" && error.text == nil && error.expectedType == "Int" && error.reason == .missing)
    }
}

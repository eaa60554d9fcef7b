import DispatchKit
import Foundation
import Testing

// The typed failures of links print as one sentence a person reads, compare by value, and reach
// DispatchFailure's description, debugDescription and localizedDescription.

@Suite("Typed links: failures")
struct LinkFailureTests {
    private static func error(_ reason: LinkDecodingError.Reason, text: String? = "abc") -> LinkDecodingError
    {
        LinkDecodingError(
            activity: "ProductActivity", key: "id", text: text, expectedType: "Int", reason: reason)
    }

    @Test func eachDecodingReasonReadsAsOneSentence() {
        #expect(Self.error(.malformed).description == #"ProductActivity's link: id "abc" is not an Int"#)
        #expect(
            Self.error(.outOfRange, text: "99999999999999999999").description
                == #"ProductActivity's link: id "99999999999999999999" is out of range for Int"#)
        #expect(
            Self.error(.missing, text: nil).description
                == "ProductActivity's link: id is missing (an Int is required)")
        let unsupported = LinkDecodingError(
            activity: "A", key: "filter", text: nil, expectedType: "Filter", reason: .unsupported)
        #expect(
            unsupported.description
                == "A's link: filter is a Filter, which a URL cannot carry (nested values, dictionaries, sets, Data and arrays of arrays are not supported)"
        )
        #expect(
            Self.error(.rejected("too small")).description
                == "ProductActivity's link: id: Int refused it: too small")
        let uuid = LinkDecodingError(
            activity: "A", key: "t", text: "x", expectedType: "UUID", reason: .malformed)
        #expect(uuid.description == #"A's link: t "x" is not a UUID"#)
    }

    @Test func eachEncodingReasonReadsAsOneSentence() {
        #expect(
            LinkEncodingError(linkType: "Stray", activity: nil, reason: .noActivity).description
                == "no registered activity has the link type Stray")
        #expect(
            LinkEncodingError(linkType: "P.Link", activity: "P", reason: .noPatternFits(["a", "b"]))
                .description
                == "P.Link fits none of the patterns of P: a; b")
        #expect(
            LinkEncodingError(linkType: "P.Link", activity: "P", reason: .noPatternFits([])).description
                == "P.Link fits none of the patterns of P: it declares no patterns")
        #expect(
            LinkEncodingError(
                linkType: "M", activity: nil, reason: .unsupportedValue(key: "v", detail: "nan")
            )
            .description == "M: v cannot be written in a URL: nan")
    }

    /// Pins that the failure cases join every way a failure is shown and compared.
    @Test func theFailuresAreDispatchFailures() {
        let invalid = DispatchFailure.invalidLink(Self.error(.malformed))
        #expect(invalid.description == #"ProductActivity's link: id "abc" is not an Int"#)
        #expect(invalid.debugDescription == invalid.description)
        #expect(invalid.localizedDescription == invalid.description)
        #expect(String(reflecting: Optional(invalid)) == "Optional(\(invalid.description))")
        #expect(invalid == .invalidLink(Self.error(.malformed)))
        #expect(invalid != .invalidLink(Self.error(.outOfRange)))
        let unbuilt = DispatchFailure.cannotBuildLink(
            LinkEncodingError(linkType: "L", activity: nil, reason: .noActivity))
        #expect(
            unbuilt.description == "cannot build the link's URL: no registered activity has the link type L")
        #expect(unbuilt != invalid)
        #expect(
            unbuilt
                != .cannotBuildLink(
                    LinkEncodingError(linkType: "L", activity: nil, reason: .noPatternFits([]))))
    }
}

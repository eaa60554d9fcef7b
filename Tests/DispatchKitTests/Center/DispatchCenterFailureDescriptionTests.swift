import DispatchKit
import Foundation
import Testing

private final class FailingPage: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "fail" }
    override func execute() throws { throw CenterTestError(message: "disk full") }
}
private final class Spiral: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "spiral" }
    override func execute() throws {
        log?.nestedResults.append(try centerOrThrow().dispatch(url, userInfo: userInfo))
    }
}

/// `DispatchFailure.description` states each failure in plain words.
@MainActor
@Suite struct DispatchCenterFailureDescriptionTests {
    @Test func invalidURLDescription() throws {
        let failure = try #require(DispatchCenter().dispatch("cono://test.com/mine_home?uid=%zz").failure)
        #expect(failure.description == #"invalid URL: malformed percent-escape "%zz" at offset 30"#)
        #expect("\(failure)" == failure.description)
    }

    @Test func invalidURLDescriptionForEveryParserError() throws {
        let center = DispatchCenter()
        let cases: [(String, String)] = [
            ("", "invalid URL: empty URL"),
            ("app://x/a b", "invalid URL: disallowed character U+0020 (space) at offset 9"),
            ("app://x/%FF", #"invalid URL: percent-escapes "%FF" at offset 8 are not valid UTF-8"#),
            ("app://x/%00", #"invalid URL: encoded NUL "%00" at offset 8"#),
        ]
        for (input, expected) in cases {
            let failure = try #require(center.dispatch(input).failure)
            #expect(failure.description == expected, "input: \(input.debugDescription)")
        }
    }

    @Test func unmatchedDescription() throws {
        let failure = try #require(DispatchCenter().dispatch("cono://Test.com/mine_home?uid=42").failure)
        #expect(failure.description == "no activity claims cono://test.com/mine_home?uid=42")
    }

    @Test func executionFailedDescription() throws {
        let center = DispatchCenter()
        center.register(FailingPage.self)
        let failure = try #require(center.dispatch("app://x/fail").failure)
        #expect(failure.description == "FailingPage failed: disk full")
    }

    @Test func recursionLimitDescription() throws {
        let center = DispatchCenter()
        center.register(Spiral.self)
        center.maximumNestingDepth = 3
        let log = CenterTestLog()
        center.dispatch("app://x/spiral", userInfo: log.userInfo)
        // The innermost nested dispatch (recorded first) hit the limit.
        let failure = try #require(log.nestedResults.first?.failure)
        #expect(failure.description == "nested dispatch deeper than 3 levels")
        #expect(
            DispatchFailure.recursionLimit(depth: 8).description == "nested dispatch deeper than 8 levels")
    }

    @Test func descriptionsAreNotDebugDumps() throws {
        let center = DispatchCenter()
        center.register(FailingPage.self)
        let failures = [
            center.dispatch("app://x/%zz").failure,
            center.dispatch("app://x/none").failure,
            center.dispatch("app://x/fail").failure,
            DispatchFailure.recursionLimit(depth: 2),
        ]
        for case let failure? in failures {
            let text = failure.description
            #expect(!text.contains("DispatchFailure"), "\(text)")
            #expect(!text.contains("Optional("), "\(text)")
            #expect(!text.contains("DispatchKit."), "\(text)")
            #expect(!text.contains("DispatchURL("), "\(text)")
            #expect(!text.isEmpty)
        }
        #expect(failures.compactMap { $0 }.count == 4)
    }

    /// An alert built from `localizedDescription` must say what happened, not "The operation
    /// could not be completed".
    @Test func localizedDescriptionIsThePlainWordsDescription() throws {
        let center = DispatchCenter()
        let failure = try #require(center.dispatch("cono://test.com/mine_home?uid=%zz").failure)
        let error: any Error = failure
        #expect(error.localizedDescription == #"invalid URL: malformed percent-escape "%zz" at offset 30"#)
        let urlError: any Error = DispatchURLError.empty
        #expect(urlError.localizedDescription == "empty URL")
    }
}

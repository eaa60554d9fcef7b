import DispatchKit
import DispatchKitAsync
import DispatchKitEvents
import Foundation
import Testing

// Dispatching a link value: its URL is built, then dispatched with the same policy as any URL —
// sources and exposure, interceptors (which see the URL built), observers — and a link with no
// URL is a typed failure in the result.

private final class AccountActivity: LinkActivity<AccountActivity.Link> {
    struct Link: DispatchLink {
        var uid: Int
        var tab: LinkTestTab?
    }
    // Internal only, the default exposure.
    override class var patterns: [RoutePattern] { ["/account/:uid<int>"] }
    override func execute(with link: Link) throws {
        linkTestJournal?.lines.append(
            "account \(link.uid) \(link.tab?.rawValue ?? "-") from \(request.source)")
    }
    override func makeDestination() throws -> Any? { "AccountPage(\(try link(as: Link.self).uid))" }
}

private final class ShareActivity: LinkActivity<ShareActivity.Link> {
    struct Link: DispatchLink { var id: Int }
    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["//shop/share/:id<int>"] }
    override func execute(with link: Link) throws { linkTestJournal?.lines.append("share \(link.id)") }
}

private final class TrackingActivity: AsyncLinkActivity<TrackingActivity.Link> {
    struct Link: DispatchLink { var parcel: String }
    override class var patterns: [RoutePattern] { ["/track/:parcel"] }
    override func execute(with link: Link) async throws {
        await Task.yield()
        linkTestJournal?.lines.append("track \(link.parcel)")
    }
}

private final class NoteActivity: LinkActivity<NoteActivity.Link> {
    struct Link: DispatchLink { var text: String }
    override class var patterns: [RoutePattern] { ["/note/:text"] }
    override func execute(with link: Link) throws {}
}

/// Counts the reads of its patterns.
private final class CountedActivity: LinkActivity<CountedActivity.Link> {
    struct Link: DispatchLink { var id: Int }
    static var patternReads = 0
    override class var patterns: [RoutePattern] {
        patternReads += 1
        return ["/counted/:id<int>"]
    }
    override func execute(with link: Link) throws {}
}

private struct Unknown: DispatchLink { var id: Int }

/// Records each URL it sees and lets it through.
private final class Recorder: DispatchInterceptor {
    var urls: [String] = []
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        urls.append(interception.url.description)
        return .proceed
    }
}

@MainActor
@Suite("Typed links: dispatching a value")
struct LinkValueDispatchTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([AccountActivity.self, ShareActivity.self, TrackingActivity.self])
        return center
    }

    @Test func dispatchingALinkDispatchesItsURL() throws {
        let journal = LinkTestJournal()
        let center = center()
        let recorder = Recorder()
        center.addInterceptor(recorder)
        let result = center.dispatch(AccountActivity.Link(uid: 7, tab: .photos), userInfo: journal.userInfo)
        #expect(result.isHandled)
        #expect(result.url?.description == "/account/7?tab=photos")
        #expect(recorder.urls == ["/account/7?tab=photos"])
        #expect(journal.lines == ["account 7 photos from the app"])
    }

    /// Pins that a value is no way around the policy: an internal page stays internal.
    @Test func theSamePolicyAppliesAsToAnyURL() throws {
        let journal = LinkTestJournal()
        let center = center()
        let refused = center.dispatch(
            AccountActivity.Link(uid: 7), userInfo: journal.userInfo, source: .universalLink)
        guard case .rejected(let rejection)? = refused.failure else {
            Issue.record("\(refused)")
            return
        }
        #expect(rejection.activity == "AccountActivity")
        #expect(journal.lines.isEmpty)
        #expect(
            center.dispatch(ShareActivity.Link(id: 3), userInfo: journal.userInfo, source: .universalLink)
                .isHandled)
        #expect(
            center.dispatch(AccountActivity.Link(uid: 1), skippingInterceptors: true).url?.description
                == "/account/1")
        #expect(journal.lines == ["share 3"])
    }

    /// A link no class declares has no URL: a typed failure, told to the observers, nothing run.
    @Test func aLinkNoClassDeclaresFailsAndTheObserversSeeIt() throws {
        let center = center()
        let observer = LinkTestObserver()
        center.addObserver(observer)
        let result = center.dispatch(Unknown(id: 1))
        let expected = LinkEncodingError(linkType: "Unknown", activity: nil, reason: .noActivity)
        #expect(result.failure == .cannotBuildLink(expected))
        #expect(result.url == nil && result.activity == nil && !result.isHandled)
        #expect(observer.events.map(\.failure) == [.cannotBuildLink(expected)])
        #expect(
            result.failure?.description
                == "cannot build the link's URL: no registered activity has the link type Unknown")
    }

    /// Regression: `url(for:)` returned a URL over the center's limits, which a dispatch of the
    /// same value then refused as an invalid URL. Every way of using a value refuses it as a link
    /// that cannot be built, naming the limit.
    @Test func aURLOverTheLimitsIsNotBuilt() async throws {
        let center = center()
        center.register(NoteActivity.self)
        let link = NoteActivity.Link(text: String(repeating: "n", count: 40_000))
        let expected = LinkEncodingError(
            linkType: "NoteActivity.Link", activity: "NoteActivity",
            reason: .exceedsURLLimits(.tooLong(length: 40_006, limit: 16_384)))
        #expect(throws: expected) { try center.url(for: link) }
        #expect(
            expected.description
                == "NoteActivity.Link: its URL is 40006 bytes long, over the center's urlLimits.maximumLength of 16384"
        )
        let observer = LinkTestObserver()
        center.addObserver(observer)
        let result = center.dispatch(link)
        #expect(result.failure == .cannotBuildLink(expected))
        #expect(result.url == nil && result.activity == nil)
        #expect(observer.events.map(\.failure) == [.cannotBuildLink(expected)])
        #expect(await center.dispatchAndWait(link).failure == .cannotBuildLink(expected))
        #expect(throws: DispatchFailure.cannotBuildLink(expected)) {
            try center.destination(for: link, as: String.self)
        }
        center.urlLimits = DispatchURL.Limits(maximumLength: 100_000, maximumPathSegments: 1)
        let segments = try #require(throws: LinkEncodingError.self) {
            try center.url(for: AccountActivity.Link(uid: 1))
        }
        #expect(segments.reason == .exceedsURLLimits(.tooManyPathSegments(limit: 1)))
        #expect(
            segments.description
                == "AccountActivity.Link: its URL has more than 1 path segments, over the center's urlLimits.maximumPathSegments"
        )
        center.urlLimits = DispatchURL.Limits(maximumQueryItems: 0)
        let items = try #require(throws: LinkEncodingError.self) {
            try center.url(for: AccountActivity.Link(uid: 1, tab: .photos))
        }
        #expect(
            items.description
                == "AccountActivity.Link: its URL has more than 0 query items, over the center's urlLimits.maximumQueryItems"
        )
    }

    /// Pins that the limit on a built URL's length is its written length, escapes included: a
    /// value of characters that are each written as `%XX` fits at exactly that length, not a byte
    /// less.
    @Test func theLengthLimitCountsTheEscapesOfABuiltURL() throws {
        let center = center()
        center.register(NoteActivity.self)
        let link = NoteActivity.Link(text: String(repeating: "%/#?", count: 30))
        let length = try center.url(for: link).description.utf8.count
        center.urlLimits = DispatchURL.Limits(maximumLength: length)
        #expect(center.dispatch(link).failure == nil)
        center.urlLimits = DispatchURL.Limits(maximumLength: length - 1)
        #expect(
            center.dispatch(link).failure
                == .cannotBuildLink(
                    LinkEncodingError(
                        linkType: "NoteActivity.Link", activity: "NoteActivity",
                        reason: .exceedsURLLimits(.tooLong(length: length, limit: length - 1)))))
    }

    /// Pins that a value's URL is built from the patterns the center read when the registration
    /// last changed, parsed then: dispatching values does not read or parse them again.
    @Test func valuesAreBuiltFromThePatternsReadAtRegistration() throws {
        let center = center()
        center.register(CountedActivity.self)
        #expect(center.dispatch(CountedActivity.Link(id: 1)).isHandled)
        let reads = CountedActivity.patternReads
        for id in 2...5 {
            #expect(center.dispatch(CountedActivity.Link(id: id)).url?.description == "/counted/\(id)")
        }
        #expect(CountedActivity.patternReads == reads)
    }

    @Test func awaitingALinkAwaitsItsAsynchronousActivity() async throws {
        let journal = LinkTestJournal()
        let center = center()
        let result = await center.dispatchAndWait(
            TrackingActivity.Link(parcel: "A/1"), userInfo: journal.userInfo)
        #expect(result.isHandled)
        #expect(result.url?.description == "/track/A%2F1")
        #expect(journal.lines == ["track A/1"])
        let unknown = await center.dispatchAndWait(Unknown(id: 2))
        #expect(
            unknown.failure
                == .cannotBuildLink(
                    LinkEncodingError(linkType: "Unknown", activity: nil, reason: .noActivity)))
    }

    @Test func aDestinationOfALink() throws {
        let center = center()
        #expect(
            try center.destination(for: AccountActivity.Link(uid: 4), as: String.self) == "AccountPage(4)")
        #expect(throws: DispatchFailure.self) { try center.destination(for: Unknown(id: 1), as: String.self) }
    }

    /// A path-only pattern builds a relative URL; one naming its host, a URL with that host.
    @Test func aRelativeURLReachesTheSameClass() throws {
        let center = center()
        #expect(try center.url(for: ShareActivity.Link(id: 9)).description == "//shop/share/9")
        #expect(center.dispatch(ShareActivity.Link(id: 9)).activity is ShareActivity)
    }

    /// The first class in consultation order that declares the type builds its URL.
    @Test func theFirstClassThatDeclaresTheTypeBuildsTheURL() throws {
        final class Newer: LinkActivity<AccountActivity.Link> {
            override class var priority: Int { 1 }
            override class var patterns: [RoutePattern] { ["/v2/account/:uid<int>"] }
            override func execute(with link: AccountActivity.Link) throws {}
        }
        let center = center()
        center.register(Newer.self)
        #expect(try center.url(for: AccountActivity.Link(uid: 1)).description == "/v2/account/1")
        center.unregister(Newer.self)
        #expect(try center.url(for: AccountActivity.Link(uid: 1)).description == "/account/1")
    }
}

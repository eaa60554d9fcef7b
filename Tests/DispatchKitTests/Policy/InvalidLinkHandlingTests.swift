import DispatchKit
import DispatchKitAsync
import Testing

// What a link that does not decode does: fail (the default), or, as the app chooses for the
// center or one class, hand the URL to the fallback with the decoding error. Before, such a URL
// always failed with .invalidLink and skipped the fallback, where real apps open a web page.

private final class Campaign: LinkActivity<Campaign.Link> {
    struct Link: DispatchLink { var payload: String }

    override class var patterns: [RoutePattern] { ["/campaign"] }
    override class var exposure: DispatchExposure { .external }

    override func execute(with link: Link) throws {
        InvalidLinkJournal.lines.append("campaign \(link.payload)")
    }
}

/// The same, choosing the fallback itself.
private final class OwnChoiceCampaign: LinkActivity<OwnChoiceCampaign.Link> {
    struct Link: DispatchLink { var payload: String }

    override class var patterns: [RoutePattern] { ["/own"] }
    override class var exposure: DispatchExposure { .external }
    override class var invalidLinkHandling: InvalidLinkHandling? { .useFallback }

    override func execute(with link: Link) throws { InvalidLinkJournal.lines.append("own \(link.payload)") }
}

/// Refusing the fallback although the center chose it.
private final class StrictCampaign: LinkActivity<StrictCampaign.Link> {
    struct Link: DispatchLink { var payload: String }

    override class var patterns: [RoutePattern] { ["/strict"] }
    override class var invalidLinkHandling: InvalidLinkHandling? { .fail }

    override func execute(with link: Link) throws {}
}

/// Names a host the app does not declare.
private final class PartnerCampaign: LinkActivity<PartnerCampaign.Link> {
    struct Link: DispatchLink { var payload: String }

    override class var patterns: [RoutePattern] { ["//partner.example.org/campaign"] }
    override class var exposure: DispatchExposure { .external }

    override func execute(with link: Link) throws {}
}

private final class AsyncCampaign: AsyncLinkActivity<AsyncCampaign.Link> {
    struct Link: DispatchLink { var payload: String }

    override class var patterns: [RoutePattern] { ["/async"] }

    override func execute(with link: Link) async throws {}
}

@MainActor
private enum InvalidLinkJournal {
    static var lines: [String] = []
}

private final class WebPage: DispatchActivity {
    override class var exposure: DispatchExposure { .external }

    override func execute() throws {
        InvalidLinkJournal.lines.append(
            "web \(url) (\(request.linkError.map { "\($0.key): \($0.reason)" } ?? "-"))")
    }

    override func makeDestination() throws -> Any? { "WebPage(\(url))" }
}

private final class InternalWebPage: DispatchActivity {
    override func execute() throws { InvalidLinkJournal.lines.append("internal web \(url)") }
}

/// A fallback with a typed link of its own, which fails too.
private final class TypedFallback: LinkActivity<TypedFallback.Link> {
    struct Link: DispatchLink { var token: Int }

    override class var exposure: DispatchExposure { .external }
    override func execute(with link: Link) throws {}
}

/// Sees every request and holds the first one.
@MainActor
private final class Recorder: DispatchInterceptor {
    var seen: [String] = []
    var holds: [DispatchHold] = []
    var holding = false

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        seen.append("\(interception.activity) \(interception.request.linkError?.key ?? "-")")
        guard holding else { return .proceed }
        let hold = DispatchHold()
        holds.append(hold)
        return .hold(hold)
    }
}

@MainActor
@Suite("Links that do not decode", .serialized)
struct InvalidLinkHandlingTests {
    init() { InvalidLinkJournal.lines = [] }

    private func center(
        _ handling: InvalidLinkHandling = .useFallback, fallback: DispatchActivity.Type? = WebPage.self
    ) -> DispatchCenter {
        let center = DispatchCenter()
        center.register([
            Campaign.self, OwnChoiceCampaign.self, StrictCampaign.self, PartnerCampaign.self,
            AsyncCampaign.self,
        ])
        center.fallback = fallback
        center.invalidLinkHandling = handling
        return center
    }

    @Test func byDefaultALinkThatDoesNotDecodeFailsAndSkipsTheFallback() {
        let center = DispatchCenter()
        center.register(Campaign.self)
        center.fallback = WebPage.self
        #expect(center.invalidLinkHandling == .fail)
        let result = center.dispatch("https://shop.example.com/campaign")
        guard case .invalidLink(let error)? = result.failure else {
            Issue.record("\(result)")
            return
        }
        #expect(error.key == "payload")
        #expect(InvalidLinkJournal.lines.isEmpty)
    }

    @Test(arguments: [DispatchOrigin.app, .notification, .universalLink])
    func theFallbackReceivesTheURLWithTheDecodingError(source: DispatchOrigin) {
        let result = center().dispatch("https://shop.example.com/campaign?from=push", source: source)
        #expect(result.isHandled)
        #expect(result.activity is WebPage)
        #expect(result.activity?.request.linkError?.reason == .missing)
        #expect(
            InvalidLinkJournal.lines == ["web https://shop.example.com/campaign?from=push (payload: missing)"]
        )
        // A link that decodes still opens its page, and the fallback's own URLs carry no error.
        #expect(center().dispatch("/campaign?payload=spring", source: source).activity is Campaign)
        #expect(
            center().dispatch("https://shop.example.com/help", source: source).activity?.request.linkError
                == nil)
    }

    @Test func aClassChoosesForItselfOverTheCenter() {
        let failing = center(.fail)
        #expect(failing.dispatch("/own").activity is WebPage)
        #expect(failing.dispatch("/campaign").activity == nil)
        let falling = center(.useFallback)
        guard case .invalidLink? = falling.dispatch("/strict").failure else {
            Issue.record("a class that chose .fail fell back")
            return
        }
        #expect(InvalidLinkJournal.lines == ["web /own (payload: missing)"])
    }

    @Test func withoutAFallbackOrOneThatMayNotReceiveTheURLTheDispatchFails() {
        for center in [center(fallback: nil), center(fallback: InternalWebPage.self)] {
            guard case .invalidLink? = center.dispatch("/campaign", source: .notification).failure else {
                Issue.record("the dispatch did not fail")
                continue
            }
        }
        // The app's own code reaches an internal fallback.
        #expect(center(fallback: InternalWebPage.self).dispatch("/campaign").activity is InternalWebPage)
        #expect(InvalidLinkJournal.lines == ["internal web /campaign"])
    }

    /// A URL of an origin the app did not declare, claimed by the pattern that names it, does not
    /// reach a fallback that opens only the app's own sites.
    @Test func aURLOfAnotherOriginReachesOnlyAFallbackThatAcceptsAnyOrigin() {
        let center = center()
        center.linkOrigins = LinkOrigins(schemes: ["shop"], webHosts: ["shop.example.com"])
        let result = center.dispatch("https://partner.example.org/campaign", source: .notification)
        guard case .invalidLink? = result.failure else {
            Issue.record("\(result)")
            return
        }
        #expect(center.dispatch("https://partner.example.org/campaign").activity is WebPage)  // the app's own
    }

    @Test func aFallbackWhoseOwnLinkDoesNotDecodeFails() {
        let center = center(fallback: TypedFallback.self)
        guard case .invalidLink(let error)? = center.dispatch("/campaign").failure else {
            Issue.record("expected an invalid link")
            return
        }
        #expect(error.key == "token")
    }

    @Test func theInterceptorsSeeTheRequestBoundForTheFallback() throws {
        let center = center()
        let recorder = Recorder()
        recorder.holding = true
        center.addInterceptor(recorder)
        let held = center.dispatch("/campaign")
        let hold = try #require(recorder.holds.first)
        #expect(held.outcome == .held(hold))
        #expect(recorder.seen == ["WebPage payload"])
        #expect(hold.resume().activity is WebPage)
        #expect(InvalidLinkJournal.lines == ["web /campaign (payload: missing)"])
    }

    @Test func aDestinationAnAwaitingDispatchAndTheFactoryFallBackToo() async throws {
        let center = center()
        #expect(try center.destination(for: "/campaign", as: String.self) == "WebPage(/campaign)")
        let awaited = await center.dispatchAndWait("/async")
        #expect(awaited.activity is WebPage)
        #expect(awaited.isHandled)
        #expect(try center.activity(for: "/campaign") is WebPage)
        #expect(InvalidLinkJournal.lines == ["web /async (payload: missing)"])
    }
}

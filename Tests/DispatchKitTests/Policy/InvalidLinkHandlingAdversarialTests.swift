import DispatchKit
import DispatchKitAsync
import DispatchKitEvents
import DispatchKitRules
import Testing

// Links that do not decode, under attack: the class's choice against the center's, fallbacks of
// every kind (none, typed, asynchronous, internal, open to any origin), the awaiting dispatch,
// interceptors and observers.

@MainActor
private enum Journal {
    static var lines: [String] = []
}

private final class Coupon: LinkActivity<Coupon.Link> {
    struct Link: DispatchLink { var code: Int }

    override class var patterns: [RoutePattern] { ["/coupon"] }
    override class var exposure: DispatchExposure { .external }
    override func execute(with link: Link) throws { Journal.lines.append("coupon \(link.code)") }
}

private final class StrictCoupon: LinkActivity<StrictCoupon.Link> {
    struct Link: DispatchLink { var code: Int }

    override class var patterns: [RoutePattern] { ["/strict"] }
    override class var exposure: DispatchExposure { .external }
    override class var invalidLinkHandling: InvalidLinkHandling? { .fail }
    override func execute(with link: Link) throws {}
}

private final class LenientCoupon: LinkActivity<LenientCoupon.Link> {
    struct Link: DispatchLink { var code: Int }

    override class var patterns: [RoutePattern] { ["/lenient"] }
    override class var exposure: DispatchExposure { .external }
    override class var invalidLinkHandling: InvalidLinkHandling? { .useFallback }
    override func execute(with link: Link) throws {}
}

private final class AsyncCoupon: AsyncLinkActivity<AsyncCoupon.Link> {
    struct Link: DispatchLink { var code: Int }

    override class var patterns: [RoutePattern] { ["/async"] }
    override class var exposure: DispatchExposure { .external }
    override func execute(with link: Link) async throws { Journal.lines.append("async coupon \(link.code)") }
}

/// Names the `file` scheme, which reaches nothing else from outside.
private final class FileCoupon: LinkActivity<FileCoupon.Link> {
    struct Link: DispatchLink { var code: Int }

    override class var patterns: [RoutePattern] { ["file://*/coupon"] }
    override class var exposure: DispatchExposure { .external }
    override func execute(with link: Link) throws {}
}

private final class Web: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {
        Journal.lines.append("web \(url) \(request.linkError?.key ?? "-") \(request.redirects.count)")
    }
}

private final class OpenWeb: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override class var acceptsAnyOrigin: Bool { true }
    override func execute() throws { Journal.lines.append("open web \(url)") }
}

/// An asynchronous fallback: an awaiting dispatch awaits it, whichever class it stands in for.
private final class AsyncWeb: AsyncDispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override func execute() async throws {
        await Task.yield()
        Journal.lines.append("async web \(url) \(request.linkError?.key ?? "-")")
    }
}

/// A fallback with a link of its own, which decodes where the claimant's did not.
private final class TypedWeb: LinkActivity<TypedWeb.Link> {
    struct Link: DispatchLink { var from: String? }

    override class var exposure: DispatchExposure { .external }
    override func execute(with link: Link) throws {
        Journal.lines.append("typed web \(link.from ?? "-") \(request.linkError?.key ?? "-")")
    }
}

/// Opens whatever the interceptors say, so it skips them; its link may not decode.
private final class Login: LinkActivity<Login.Link> {
    struct Link: DispatchLink { var next: Int }

    override class var patterns: [RoutePattern] { ["/login"] }
    override class var exposure: DispatchExposure { .external }
    override class var skipsInterceptors: Bool { true }
    override func execute(with link: Link) throws { Journal.lines.append("login \(link.next)") }
}

/// Refuses every request bound for the web fallback.
@MainActor
private final class WebWall: DispatchInterceptor {
    var seen: [String] = []
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        seen.append("\(interception.activity)")
        return interception.activity == Web.self ? .reject(reason: "no web pages now") : .proceed
    }
}

@MainActor
private final class Watcher: DispatchInterceptor, DispatchObserver {
    var seen: [String] = []
    var events: [DispatchEvent] = []
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        seen.append("\(interception.activity)")
        return .proceed
    }
    func observe(_ event: DispatchEvent) throws { events.append(event) }
}

@MainActor
@Suite("Links that do not decode, under attack", .serialized)
struct InvalidLinkHandlingAdversarialTests {
    init() { Journal.lines = [] }

    private func center(
        _ handling: InvalidLinkHandling, fallback: DispatchActivity.Type? = Web.self
    ) -> DispatchCenter {
        let center = DispatchCenter()
        center.register([
            Coupon.self, StrictCoupon.self, LenientCoupon.self, AsyncCoupon.self, FileCoupon.self,
        ])
        center.fallback = fallback
        center.invalidLinkHandling = handling
        return center
    }

    private func isInvalidLink(_ result: DispatchResult, key: String = "code") -> Bool {
        guard case .invalidLink(let error)? = result.failure else { return false }
        return error.key == key && result.activity == nil
    }

    /// The class's choice wins over the center's both ways, on every path.
    @Test func theClassChoiceWinsBothWaysOnEveryPath() async throws {
        for handling in [InvalidLinkHandling.fail, .useFallback] {
            let center = center(handling)
            #expect(isInvalidLink(center.dispatch("/strict?code=x")), "\(handling)")
            #expect(center.dispatch("/lenient?code=x").activity is Web, "\(handling)")
            #expect(isInvalidLink(await center.dispatchAndWait("/strict?code=x")), "\(handling)")
            #expect(await center.dispatchAndWait("/lenient?code=x").activity is Web, "\(handling)")
            #expect(try center.activity(for: "/strict?code=x") == nil, "\(handling)")
            #expect(try center.activity(for: "/lenient?code=x") is Web, "\(handling)")
            #expect(throws: DispatchFailure.self) {
                try center.destination(for: "/strict?code=x", as: String.self)
            }
        }
    }

    /// Without a fallback, choosing it changes nothing: the dispatch fails with the decoding error.
    @Test func withoutAFallbackTheChoiceFails() async throws {
        let center = center(.useFallback, fallback: nil)
        #expect(isInvalidLink(center.dispatch("/coupon?code=x")))
        #expect(isInvalidLink(center.dispatch("/lenient", source: .notification)))
        #expect(isInvalidLink(await center.dispatchAndWait("/async?code=x")))
        #expect(try center.activity(for: "/coupon?code=x") == nil)
        #expect(Journal.lines.isEmpty)
    }

    /// A typed fallback receives the URL with the claimant's error and its own link decoded.
    @Test func aTypedFallbackGetsItsOwnLinkAndTheClaimantsError() async {
        let center = center(.useFallback, fallback: TypedWeb.self)
        #expect(center.dispatch("/coupon?code=x&from=mail").activity is TypedWeb)
        let watcher = Watcher()
        center.addInterceptor(watcher)
        #expect(center.dispatch("/coupon?from=push").activity is TypedWeb)
        #expect(await center.dispatchAndWait("/async?code=99999999999999999999999").activity is TypedWeb)
        #expect(watcher.seen == ["TypedWeb", "TypedWeb"])
        #expect(Journal.lines == ["typed web mail code", "typed web push code", "typed web - code"])
    }

    /// The awaiting dispatch awaits an asynchronous fallback in place of a synchronous class, with
    /// or without interceptors, as it does in place of an asynchronous one. (Regression: without
    /// interceptors, the fallback was executed synchronously and the dispatch failed with
    /// `requiresAsyncDispatch`.)
    @Test func anAwaitingDispatchAwaitsAnAsynchronousFallback() async {
        for intercepted in [false, true] {
            Journal.lines = []
            let center = center(.useFallback, fallback: AsyncWeb.self)
            if intercepted { center.addInterceptor(Watcher()) }
            let fromSync = await center.dispatchAndWait("/coupon?code=x")
            #expect(fromSync.isHandled, "intercepted: \(intercepted): \(fromSync)")
            #expect(fromSync.activity is AsyncWeb)
            let fromAsync = await center.dispatchAndWait("/async?code=x")
            #expect(fromAsync.isHandled, "intercepted: \(intercepted): \(fromAsync)")
            #expect(Journal.lines == ["async web /coupon?code=x code", "async web /async?code=x code"])
            // A link that decodes still reaches its class.
            #expect(await center.dispatchAndWait("/coupon?code=1").activity is Coupon)
            #expect(await center.dispatchAndWait("/async?code=2").activity is AsyncCoupon)
        }
        // The observers are told once, when the fallback's work has ended.
        Journal.lines = []
        let observed = center(.useFallback, fallback: AsyncWeb.self)
        let watcher = Watcher()
        observed.addObserver(watcher)
        #expect(await observed.dispatchAndWait("/coupon?code=x").isHandled)
        #expect(watcher.events.map { $0.activity.map { "\($0)" } } == ["AsyncWeb"])
        #expect(watcher.events.first?.isHandled == true)
        #expect(Journal.lines == ["async web /coupon?code=x code"])
        // The synchronous dispatch cannot await it: it says so, as for any asynchronous class.
        let result = center(.useFallback, fallback: AsyncWeb.self).dispatch("/coupon?code=x")
        #expect(result.failure == .requiresAsyncDispatch(activity: AsyncWeb.self))
    }

    /// With `.fail`, no interceptor ever sees a request whose link does not decode; with
    /// `.useFallback` they see it bound for the fallback, never for the claimant.
    @Test func interceptorsNeverSeeAnUndecodableLinkBoundForItsClass() async throws {
        for handling in [InvalidLinkHandling.fail, .useFallback] {
            let center = center(handling)
            let watcher = Watcher()
            center.addInterceptor(watcher)
            center.dispatch("/coupon?code=x")
            center.dispatch("/coupon", source: .notification)
            _ = await center.dispatchAndWait("/async?code=x")
            _ = try? center.destination(for: "/coupon?code=x", as: String.self)
            #expect(!watcher.seen.contains("Coupon"), "\(handling)")
            #expect(!watcher.seen.contains("AsyncCoupon"), "\(handling)")
            #expect(watcher.seen == (handling == .fail ? [] : ["Web", "Web", "Web", "Web"]), "\(handling)")
        }
    }

    /// A class that skips the interceptors does not take its fallback past them: the fallback
    /// that receives the URL in its place is what the interceptors decide on, unless the fallback
    /// skips them too or the dispatch does. (Regression: the fallback ran without them.)
    @Test func aFallbackInPlaceOfAClassThatSkipsTheInterceptorsIsIntercepted() async throws {
        let center = center(.useFallback)
        center.register(Login.self)
        let wall = WebWall()
        center.addInterceptor(wall)
        #expect(center.dispatch("/login?next=1").activity is Login)
        #expect(wall.seen.isEmpty)
        for source in [DispatchOrigin.app, .notification] {
            let result = center.dispatch("/login?next=x", source: source)
            guard case .rejected(let rejection)? = result.failure else {
                Issue.record("\(source): \(result)")
                continue
            }
            #expect(rejection.activity == "Web")
        }
        let awaited = await center.dispatchAndWait("/login?next=x")
        #expect(awaited.activity == nil)
        #expect(throws: DispatchFailure.self) {
            try center.destination(for: "/login?next=x", as: String.self)
        }
        #expect(wall.seen == ["Web", "Web", "Web", "Web"])
        // A dispatch that skips the interceptors skips them for the fallback too.
        #expect(center.dispatch("/login?next=x", skippingInterceptors: true).activity is Web)
        #expect(Journal.lines == ["login 1", "web /login?next=x next 0"])
    }

    /// The observers see the outcome: the fallback's, or the decoding error.
    @Test func observersSeeTheFallbackOrTheError() {
        for handling in [InvalidLinkHandling.fail, .useFallback] {
            let center = center(handling)
            let watcher = Watcher()
            center.addObserver(watcher)
            center.dispatch("/coupon?code=x", source: .notification)
            #expect(watcher.events.count == 1)
            let event = watcher.events.first
            if handling == .fail {
                guard case .invalidLink? = event?.failure else {
                    Issue.record("\(String(describing: event))")
                    continue
                }
            } else {
                #expect(event?.isHandled == true)
                #expect(event?.activity == Web.self)
                #expect(event?.source == .notification)
            }
        }
    }

    /// The fallback's request keeps what the claimant's had: the redirects that led there.
    @Test func theFallbackKeepsTheRedirects() throws {
        let center = center(.useFallback)
        center.redirectRules = RedirectRules([try .init(pattern: "/old-coupon", target: "/coupon")])
        #expect(center.dispatch("/old-coupon?code=x").activity is Web)
        #expect(Journal.lines == ["web /coupon?code=x code 1"])
    }

    /// An internal fallback does not receive a URL from outside in place of the class, but the
    /// app's own; an application the center does not admit reaches neither.
    @Test func theFallbacksExposureAndTheAllowedApplicationsHold() {
        final class InternalWeb: DispatchActivity {
            override func execute() throws {}
        }
        let center = center(.useFallback, fallback: InternalWeb.self)
        #expect(isInvalidLink(center.dispatch("/coupon?code=x", source: .notification)))
        #expect(center.dispatch("/coupon?code=x").activity is InternalWeb)
        let guarded = self.center(.useFallback)
        guarded.allowedApplications = ["com.example.friend"]
        #expect(
            guarded.dispatch("/coupon?code=x", source: .external(application: "com.example.friend")).isHandled
        )
        let stranger = guarded.dispatch(
            "/coupon?code=1", source: .external(application: "com.example.stranger"))
        #expect(stranger.activity == nil)
        let strangerInvalid = guarded.dispatch(
            "/coupon?code=x", source: .external(application: "com.example.stranger"))
        #expect(strangerInvalid.activity == nil)
    }

    /// A `file:` URL from outside reaches only the pattern naming the scheme: when its link does
    /// not decode, not the fallback either, though it accepts any origin. (Regression: the open
    /// web fallback received it.)
    @Test func anUnsafeSchemeNeverFallsBackFromOutside() {
        let center = center(.useFallback, fallback: OpenWeb.self)
        center.linkOrigins = LinkOrigins(schemes: ["shop"], webHosts: ["shop.example.com"])
        #expect(center.dispatch("file://x/coupon?code=1", source: .notification).activity is FileCoupon)
        #expect(isInvalidLink(center.dispatch("file://x/coupon?code=x", source: .notification)))
        // A web URL of another origin, named by no pattern, does reach the open fallback.
        #expect(
            center.dispatch("https://partner.example.org/coupon?code=x", source: .notification).activity
                is OpenWeb)
        // The app's own code may still send it there.
        #expect(center.dispatch("file://x/coupon?code=x").activity is OpenWeb)
    }

    /// A URL from outside whose link does not decode and whose origin is not declared goes
    /// nowhere; the error it reports is the origin's, found first.
    @Test func anUndeclaredOriginIsRefusedBeforeTheLinkIsRead() {
        let center = center(.useFallback)
        center.linkOrigins = LinkOrigins(schemes: ["shop"])
        let result = center.dispatch("https://evil.example/coupon?code=x", source: .notification)
        guard case .rejected(let rejection)? = result.failure else {
            Issue.record("\(result)")
            return
        }
        #expect(rejection.rule == .undeclaredHost("evil.example"))
        #expect(center.dispatch("shop://x/coupon?code=x", source: .notification).activity is Web)
    }
}

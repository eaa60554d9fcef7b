import DispatchKit
import Testing

// The core's side of the redirect rules: the redirector DispatchKitRules installs, asked only while
// it redirects something, with what a URL's origin lacks when that origin is checked.

private final class Target: PolicyTestActivity {
    override class var patterns: [RoutePattern] { ["shop://x/new/:id"] }
}

private final class Old: PolicyTestActivity {
    override class var patterns: [RoutePattern] { ["shop://x/old/:id"] }
}

/// Sends the `old` URLs to `shop://x/new/1` (rule 3), and records what it was asked. Used on the
/// main actor only, as the center uses it.
private final class RecordingRedirector: DispatchRedirector {
    var isEmpty: Bool
    var asked: [(url: String, undeclared: LinkOrigins.Undeclared?)] = []

    init(isEmpty: Bool) {
        self.isEmpty = isEmpty
    }

    func redirect(for url: DispatchURL, naming undeclared: LinkOrigins.Undeclared?)
        -> (url: DispatchURL, rule: Int)?
    {
        asked.append((url.description, undeclared))
        guard url.paths.first == "old", let target = try? DispatchURL(string: "shop://x/new/1") else {
            return nil
        }
        return (target, 3)
    }
}

@MainActor
@Suite("The center's redirector")
struct DispatchRedirectorTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([Target.self, Old.self])
        return center
    }

    @Test func aRedirectorThatRedirectsSendsTheURLOnWithItsChain() {
        let center = center()
        let redirector = RecordingRedirector(isEmpty: false)
        center.redirector = redirector
        let result = center.dispatch("shop://x/old/7")
        #expect(result.activity is Target)
        #expect(result.activity?.request.redirects.map(\.description) == ["shop://x/old/7"])
        // The target is asked too (rules chain), and leaves it alone.
        #expect(redirector.asked.map(\.url) == ["shop://x/old/7", "shop://x/new/1"])
    }

    // The dispatch path tests one flag before it asks: an empty redirector (rules cleared, or only
    // an environment set) must not be asked at all.
    @Test func anEmptyRedirectorIsNeverAsked() {
        let center = center()
        let redirector = RecordingRedirector(isEmpty: true)
        center.redirector = redirector
        #expect(center.dispatch("shop://x/old/7").activity is Old)
        #expect(redirector.asked.isEmpty)
        center.redirector = nil
        #expect(center.redirector == nil)
        #expect(center.dispatch("shop://x/old/7").activity is Old)
    }

    @Test func aURLFromOutsideOfAnUndeclaredOriginIsAskedWithWhatItLacks() {
        let center = center()
        center.linkOrigins = LinkOrigins(schemes: ["app"])
        let redirector = RecordingRedirector(isEmpty: false)
        center.redirector = redirector
        _ = center.dispatch("shop://x/a", source: .notification)
        _ = center.dispatch("shop://x/b")
        _ = center.dispatch("app://x/c", source: .notification)
        #expect(redirector.asked.map(\.url) == ["shop://x/a", "shop://x/b", "app://x/c"])
        #expect(redirector.asked.map(\.undeclared) == [.scheme("shop"), nil, nil])
    }
}

import DispatchKit
import Testing

@MainActor private var log: [String] = []

private final class Orders: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/orders", "/orders/:id"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {
        log.append("Orders \(parameters) after \(request.redirects.map(\.description))")
    }
}
private final class Login: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/login"] }
    override class var exposure: DispatchExposure { .external }
    override class var skipsInterceptors: Bool { true }
    override func execute() throws { log.append("Login after \(request.redirects.map(\.description))") }
}
private final class Home: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/home", "/step/:n"] }
    override func execute() throws { log.append("Home") }
}
private final class Fallback: DispatchActivity {
    override func execute() throws { log.append("Fallback") }
}

/// Decides with a closure and records what it saw.
private final class Rule: DispatchInterceptor {
    let name: String
    let priority: Int
    let decide: (DispatchInterception) -> DispatchDecision
    init(_ name: String, priority: Int = 0, _ decide: @escaping (DispatchInterception) -> DispatchDecision) {
        self.name = name
        self.priority = priority
        self.decide = decide
    }
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        log.append(
            "\(name) saw \(interception.url) for \(interception.activity) from \(interception.request.source)"
        )
        return decide(interception)
    }
}

private func url(_ string: String) -> DispatchURL { try! DispatchURL(string: string) }

@MainActor
@Suite("Interceptors", .serialized)
struct DispatchInterceptorTests {
    private func center(_ interceptors: [Rule]) -> DispatchCenter {
        log = []
        let center = DispatchCenter()
        center.register([Orders.self, Login.self, Home.self])
        center.fallback = Fallback.self
        for interceptor in interceptors { center.addInterceptor(interceptor) }
        return center
    }

    @Test func aProceedingInterceptorSeesTheRequestAndTheClaimantBeforeItRuns() {
        let center = center([Rule("wall") { _ in .proceed }])
        #expect(center.dispatch("app://x/orders/7", source: .universalLink).isHandled)
        #expect(
            log == [
                "wall saw app://x/orders/7 for Orders from a universal link", #"Orders ["id": "7"] after []"#,
            ])
    }

    @Test func aRejectionNamesTheInterceptorAndRunsNothing() {
        let center = center([Rule("wall") { _ in .reject(reason: "sign in first") }])
        let result = center.dispatch("app://x/orders")
        #expect(result.activity == nil)
        #expect(result.failure?.description == "rejected: Rule refused the URL for Orders: sign in first")
        guard case .rejected(let reason)? = result.failure else { return }
        #expect(reason.rule == .interceptor(name: "Rule", reason: "sign in first"))
        #expect(log == ["wall saw app://x/orders for Orders from the app"])  // no Orders, no Fallback
    }

    @Test func aRedirectRunsTheTargetWhichSeesTheChain() {
        let center = center([
            Rule("wall") { $0.activity == Orders.self ? .redirect(to: url("app://x/login")) : .proceed }
        ])
        let result = center.dispatch("app://x/orders/7")
        #expect(result.isHandled)
        #expect(result.activity is Login)
        // Login skips interceptors: the wall saw only the first URL.
        #expect(
            log == [
                "wall saw app://x/orders/7 for Orders from the app", "Login after [\"app://x/orders/7\"]",
            ])
    }

    @Test func aRedirectKeepsTheSourceAndItsExposureRules() {
        let center = center([
            Rule("moved") { $0.activity == Orders.self ? .redirect(to: url("app://x/home")) : .proceed }
        ])
        let result = center.dispatch("app://x/orders", source: .notification)
        guard case .rejected(let reason)? = result.failure else {
            Issue.record("expected a rejection, got \(String(describing: result.failure))")
            return
        }
        #expect(reason.rule == .internalOnly)
        #expect(reason.activity == "Home")
    }

    @Test func aRedirectCycleFailsNamingTheChain() {
        let center = center([
            Rule("flip") { interception in
                interception.url.paths == ["orders"]
                    ? .redirect(to: url("app://x/orders/1")) : .redirect(to: url("app://x/orders"))
            }
        ])
        let result = center.dispatch("app://x/orders")
        #expect(
            result.failure?.description
                == "redirect loop: app://x/orders -> app://x/orders/1 -> app://x/orders")
        #expect(!log.contains { $0.hasPrefix("Orders ") })
    }

    @Test func aLongChainStopsAtTheLimit() {
        let center = center([
            Rule("next") { interception in
                let n = Int(interception.url.paths.last ?? "") ?? 0
                return .redirect(to: url("app://x/step/\(n + 1)"))
            }
        ])
        center.maximumRedirects = 3
        let result = center.dispatch("app://x/step/0")
        guard case .tooManyRedirects(let chain)? = result.failure else {
            Issue.record("expected too many redirects, got \(String(describing: result.failure))")
            return
        }
        #expect(chain.map(\.description) == (0...4).map { "app://x/step/\($0)" })
        #expect(!log.contains("Home"))
    }

    @Test func higherPriorityFirstThenOrderAddedAndTheFirstVerdictWins() {
        let center = center([
            Rule("a") { _ in .proceed }, Rule("b", priority: 5) { _ in .proceed },
            Rule("c") { _ in .reject(reason: "no") }, Rule("d") { _ in .proceed },
        ])
        _ = center.dispatch("app://x/home")
        #expect(log.map { $0.prefix(1) } == ["b", "a", "c"])
    }

    @Test func aDispatchOrAnActivityCanSkipTheInterceptors() {
        let center = center([Rule("wall") { _ in .reject(reason: "no") }])
        #expect(center.dispatch("app://x/home", skippingInterceptors: true).isHandled)
        #expect(center.dispatch("app://x/login").isHandled)
        #expect(log == ["Home", "Login after []"])
    }

    @Test func interceptorsCanBeRemovedAndAreAddedOnce() {
        let rule = Rule("wall") { _ in .reject(reason: "no") }
        let center = center([rule])
        center.addInterceptor(rule)
        #expect(center.interceptors.count == 1)
        center.removeInterceptor(rule)
        #expect(center.interceptors.isEmpty)
        #expect(center.dispatch("app://x/home").isHandled)
    }

    @Test func theFallbackIsInterceptedToo() {
        let center = center([Rule("wall") { _ in .reject(reason: "no") }])
        #expect(
            center.dispatch("app://x/unknown").failure?.description
                == "rejected: Rule refused the URL for Fallback: no")
    }
}

import DispatchKit
import DispatchKitRules
import DispatchKitServices
import DispatchKitUI
import Foundation

/// The sample's "application": its router, its navigation stack and its signed-in user.
///
/// A real app keeps these in its app delegate or scene. Activities reach the app that owns the
/// center dispatching them (``DispatchActivity/app``), so several apps — one per test — can run
/// side by side without sharing anything.
@MainActor
final class DemoApp {
    let center: DispatchCenter
    let navigator: Navigator
    let session: AccountSession
    /// Holds links to pages that need an account until someone signs in.
    let loginWall: LoginWall

    /// - Parameter log: Receives each navigation transition as a line.
    init(log: @escaping (String) -> Void) {
        let center = DispatchCenter()
        center.register(MineDispatchActivity.self)
        center.register(PrivacyActivity.self)
        center.register(AccountModule.self)
        center.register(ProductModule.self)
        center.register(OrdersActivity.self)
        // The account module made the session and registered it as the AccountService; the app,
        // which knows every module, takes the account module's own type back from it. A second,
        // unrelated session would let the login wall and the pages disagree on who is signed in.
        let session: AccountSession
        do {
            let service = try center.services.resolve((any AccountService).self)
            guard let registered = service as? AccountSession else {
                preconditionFailure(
                    "the AccountService is a \(type(of: service)), not the account module's session")
            }
            session = registered
        } catch {
            // The account module was registered just above: only a wiring mistake gets here.
            preconditionFailure("the account module's session: \(error)")
        }
        self.center = center
        self.session = session
        navigator = Navigator(log: { log("  " + $0) })
        // Activities navigate through the center: none of them knows this app.
        center.navigator = navigator
        // The app's Associated Domains entitlement: universal links from anywhere else are refused.
        center.associatedDomains = Self.associatedDomains
        // The app's own links: its scheme and its web hosts. A link from outside (another app, a
        // notification) of any other scheme or host is refused before any module sees it.
        center.linkOrigins = Self.linkOrigins
        // The wall brings up the login page the way any code of the app would: with a link, built
        // from the account module's typed value rather than from a string.
        loginWall = LoginWall(session: session) { [weak center] in
            center?.dispatch(AccountActivity.Link.login(), source: .app)
        }
        center.fallback = WebFallbackActivity.self
        center.addInterceptor(loginWall)
        center.redirectEnvironment.appVersion = RedirectRules.Version(Self.version)
        Self.running[ObjectIdentifier(center)] = WeakApp(app: self)
    }

    /// The `applinks:` entries a real app's entitlement would list.
    /// An invalid entry is reported by the center it is assigned to (a debug build stops), not
    /// turned into "no domains", which would refuse every universal link without a word.
    static let associatedDomains: AssociatedDomains = ["applinks:test.com", "applinks:*.test.com"]

    /// The app's URL scheme and web hosts. To let the web fallback open another site, add its
    /// host here (or, for links from outside, override `acceptsAnyOrigin` in the fallback).
    static let linkOrigins = LinkOrigins(schemes: ["cono"], webHosts: ["test.com", "*.test.com"])

    /// The version the redirect rules' conditions see, as a real app's bundle would say.
    static let version = "3.1.2"

    /// Replaces the redirect rules with the document in `file`. The document is checked whole: if
    /// anything in it is wrong, the rules in force stay and the error names the rule and problem.
    func loadRules(from file: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        center.redirectRules = try RedirectRules(json: data)
    }

    /// The user closes the top page (the back button): pops it, and if it was the login page,
    /// the link the login wall held is dropped.
    @discardableResult
    func back() -> Page? {
        guard let page = navigator.top else { return nil }
        do {
            try navigator.remove(page)
        } catch {
            return nil
        }
        if page.name == LoginPage.name { loginWall.dismissed() }
        return page
    }

    private struct WeakApp {
        weak var app: DemoApp?
    }

    private static var running: [ObjectIdentifier: WeakApp] = [:]

    /// The app whose center is `center`, if it is still running.
    static func owning(_ center: DispatchCenter?) -> DemoApp? {
        center.flatMap { running[ObjectIdentifier($0)]?.app }
    }
}

/// Raised by an activity that was not dispatched by a running ``DemoApp`` (built by hand).
struct NotRunningInApp: Error, CustomStringConvertible {
    var description: String { "the activity was not dispatched by a running app" }
}

extension DispatchActivity {
    /// The app that dispatched this activity.
    var app: DemoApp {
        get throws {
            guard let app = DemoApp.owning(center) else { throw NotRunningInApp() }
            return app
        }
    }
}

/// What each sample activity claims, in words, for the console's `routes` command.
@MainActor
protocol RouteDescribing {
    static var claims: String { get }
}

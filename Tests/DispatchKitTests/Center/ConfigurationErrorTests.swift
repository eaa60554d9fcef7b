import DispatchKit
import DispatchKitManifest
import DispatchKitServices
import DispatchKitUI
import Foundation
import Testing

// Mistakes in a center's setup surface when they are made: an invalid pattern when its class is
// registered (in a debug build; a release build finds it while indexing), an invalid associated
// domain written as a literal when it is assigned, a module's failed service registration when the
// module is registered. Each reaches `configurationErrorHandler` once; no URL ever does. Pins the
// bug where a pattern that does not parse made its route vanish, dispatch said only "no activity
// claims …", and only `validate()` knew.

/// The pattern of the report: a value list needs `|`, so `<new>` is an unknown type.
private final class Category: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/category/:kind<new>", "/categories"] }
    override func execute() {}
}

private final class Product: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override func execute() {}
}

/// Two invalid patterns.
private final class Twice: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/a//b", "/c/:"] }
    override func execute() {}
}

private protocol Greeter: Sendable {}
private struct Hello: Greeter {}

/// Registers a service that its sibling registered already: a wiring mistake.
private enum GreeterModule: ServiceModule {
    static let activities: [DispatchActivity.Type] = [Product.self]
    static func registerServices(in registry: ServiceRegistry) throws {
        try registry.register((any Greeter).self, lifetime: .shared) { Hello() }
    }
}
private enum SecondGreeterModule: ServiceModule {
    static let activities: [DispatchActivity.Type] = [Category.self]
    static func registerServices(in registry: ServiceRegistry) throws {
        try registry.register((any Greeter).self, lifetime: .shared) { Hello() }
    }
}

/// What a handler received.
@MainActor
private final class Reports {
    var errors: [DispatchConfigurationError] = []
    var lines: [String] { errors.map(\.description) }
}

@MainActor
@Suite struct ConfigurationErrorTests {
    private func center() -> (DispatchCenter, Reports) {
        let center = DispatchCenter()
        let reports = Reports()
        center.configurationErrorHandler = { reports.errors.append($0) }
        return (center, reports)
    }

    private static let categoryLine =
        #"Category declares an invalid pattern "/category/:kind<new>": unknown parameter type "new" at offset 16 (int, uuid, or a list like a|b); the pattern never matches"#

    @Test func anInvalidPatternIsReportedWhenItsClassIsRegistered() throws {
        let (center, reports) = center()
        #expect(center.checksPatternsAtRegistration, "a debug build checks at registration")
        center.register(Category.self)
        // Before any dispatch or lookup: the registration itself reported it.
        #expect(reports.lines == [Self.categoryLine])
        guard case .invalidPattern(let pattern, let activity, let error)? = reports.errors.first else {
            Issue.record("not an invalid pattern: \(reports.errors)")
            return
        }
        #expect(pattern == "/category/:kind<new>")
        #expect(activity == Category.self)
        #expect(error == .unknownType("new", offset: 16))
    }

    @Test func eachInvalidPatternIsReportedOnceNotAgainWhenTheIndexIsBuilt() {
        let (center, reports) = center()
        center.register([Twice.self, Product.self])
        #expect(reports.errors.count == 2)
        _ = center.dispatch("app://x/product/1")
        center.register(Category.self)  // a rebuild reads Twice's patterns again
        _ = center.dispatch("app://x/product/1")
        #expect(reports.errors.count == 3)
        #expect(
            reports.lines.map { String($0.prefix(while: { $0 != ":" })) } == [
                #"Twice declares an invalid pattern "/a//b""#, #"Twice declares an invalid pattern "/c/"#,
                #"Category declares an invalid pattern "/category/"#,
            ])
    }

    /// A release build does not read patterns at registration: it finds the invalid ones where it
    /// reads every pattern anyway, building the route index, and reports them once.
    @Test func withoutTheRegistrationCheckTheIndexBuildReportsIt() {
        let (center, reports) = center()
        center.checksPatternsAtRegistration = false
        center.register([Category.self, Product.self])
        #expect(reports.errors.isEmpty)
        #expect(center.canDispatch("app://x/categories"))
        #expect(reports.lines == [Self.categoryLine])
        center.register(Twice.self)
        _ = center.registeredActivities
        _ = center.registeredActivities
        #expect(reports.errors.count == 3)
    }

    @Test func theClassKeepsItsValidPatternsAndTheInvalidOneMatchesNothing() throws {
        let (center, _) = center()
        center.register(Category.self)
        #expect(center.dispatch("app://x/categories").isHandled)
        #expect(
            center.dispatch("app://x/category/new").failure
                == .unmatched(try DispatchURL(string: "app://x/category/new")))
        #expect(center.validate().contains { $0.kind == .invalidPattern(.unknownType("new", offset: 16)) })
    }

    // Regression: `center.urlLimits` took negative limits, so a negative maximumQueryItems turned
    // the query limit off and a negative length refused every link.
    @Test func negativeURLLimitsAreReportedAndTheLimitsInForceStay() throws {
        let (center, reports) = center()
        center.register(Product.self)
        let tight = DispatchURL.Limits(maximumQueryItems: 1)
        center.urlLimits = tight
        center.urlLimits = DispatchURL.Limits(maximumQueryItems: -1)
        #expect(center.urlLimits == tight)
        #expect(
            reports.lines == [
                "urlLimits refused: the limit maximumQueryItems is -1, below 0 (a limit counts what a URL may "
                    + "hold); the center keeps the limits it had"
            ])
        guard case .invalidURLLimits(let refused, let error)? = reports.errors.first else {
            Issue.record("not invalid limits: \(reports.errors)")
            return
        }
        #expect(refused == DispatchURL.Limits(maximumQueryItems: -1))
        #expect(error == .invalidLimit(name: "maximumQueryItems", value: -1))
        // The limits in force still apply.
        #expect(
            center.dispatch("app://x/product/1?a&b").failure == .invalidURL(.tooManyQueryItems(limit: 1)))
        #expect(center.dispatch("app://x/product/1?a").isHandled)
        // The same mistake again reaches the handler once, as every configuration error does.
        center.urlLimits = DispatchURL.Limits(maximumQueryItems: -1)
        center.urlLimits = DispatchURL.Limits(maximumLength: -5)
        #expect(reports.errors.count == 2)
        #expect(center.urlLimits == tight)
    }

    @Test func noURLReachesTheHandler() throws {
        let (center, reports) = center()
        center.register([Category.self, Product.self])
        center.associatedDomains = ["applinks:test.com", "applinks:*.test.com"]
        center.fallback = Product.self
        let before = reports.errors.count
        for text in [
            "app://x/category/new", "app://x/category/:kind<new>", "/category/%3Akind%3Cnew%3E", "https://",
            "https:///product/42", "%zz", "", "app://x/a//b", "app://x/product/1",
        ] {
            _ = center.dispatch(text)
            _ = center.canDispatch(text)
            if let url = URL(string: text) {
                _ = center.dispatch(.universalLink(url))
                _ = center.dispatch(.openedURL(url, sourceApplication: "com.example.other"))
            }
            _ = center.dispatch(.notification(["url": text]))
        }
        for input in BadInputCorpus.all {
            center.urlLimits = input.limits
            _ = center.dispatch(input.input)
        }
        #expect(reports.errors.count == before)
    }

    @Test func anInvalidAssociatedDomainLiteralIsReportedAndLeftOut() throws {
        let (center, reports) = center()
        center.associatedDomains = ["applinks:test.com", "applinks:test..com", "webcredentials:test.com"]
        #expect(
            reports.lines == [
                #"invalid associated domain "applinks:test..com": not a host name; it is left out, and universal links to it are refused"#,
                #"invalid associated domain "webcredentials:test.com": the webcredentials service is not for universal links (applinks); it is left out, and universal links to it are refused"#,
            ])
        #expect(center.associatedDomains.entries.map(\.description) == ["test.com"])
        // The valid entry still admits its links.
        center.register(Product.self)
        let link = try #require(URL(string: "https://test.com/product/1"))
        #expect(
            center.dispatch(.universalLink(link)).failure
                != .refusedAtIntake(.undeclaredDomain(try DispatchURL(link))))
    }

    /// Pins the two de-duplications (the center's of patterns, the default handler's of lines)
    /// that let a replaced handler see a problem twice: the center reports each problem once,
    /// whatever the handler.
    @Test func anyHandlerSeesEachProblemOnce() {
        let (center, reports) = center()
        center.associatedDomains = ["applinks:test..com"]
        center.associatedDomains = ["applinks:test..com"]
        center.register(Category.self)
        center.unregister(Category.self)
        center.register(Category.self)
        _ = center.canDispatch("app://x/categories")
        #expect(
            reports.lines == [
                #"invalid associated domain "applinks:test..com": not a host name; it is left out, and universal links to it are refused"#,
                Self.categoryLine,
            ])
    }

    @Test func aValidLiteralReportsNothingAndEqualsTheThrowingForm() throws {
        let (center, reports) = center()
        let literal: AssociatedDomains = ["applinks:test.com", "applinks:*.test.com"]
        center.associatedDomains = literal
        #expect(reports.errors.isEmpty)
        #expect(literal == (try AssociatedDomains(["applinks:test.com", "applinks:*.test.com"])))
    }

    @Test func aModuleWhoseServicesFailIsReportedAndItsActivitiesRegistered() {
        let (center, reports) = center()
        center.register(GreeterModule.self)
        center.register(SecondGreeterModule.self)
        #expect(reports.errors.count == 2, "\(reports.lines)")  // Category's pattern, then the module
        guard case .servicesNotRegistered(let module, let error)? = reports.errors.last else {
            Issue.record("not a services error: \(reports.errors)")
            return
        }
        // The module itself, as invalidPattern carries the class: a handler can tell two modules of
        // the same name apart.
        #expect(ObjectIdentifier(module) == ObjectIdentifier(SecondGreeterModule.self))
        #expect(
            (error as? ServiceError).map { if case .alreadyRegistered = $0 { true } else { false } } == true)
        #expect(
            reports.lines.last?.hasPrefix("SecondGreeterModule could not register its services: ") == true)
        #expect(center.registeredActivities.contains { $0 == Category.self })
    }

    @Test func anErrorReadsTheSameEverywhere() {
        let (center, reports) = center()
        center.register(Category.self)
        let error = reports.errors[0]
        #expect(String(describing: error) == Self.categoryLine)
        #expect("\(error)" == Self.categoryLine)
        #expect(String(reflecting: error) == Self.categoryLine)
        #expect((error as any Error).localizedDescription.contains("Category declares an invalid pattern"))
    }

    /// The default handler writes each problem the center hands it, once; a debug build's default
    /// also stops (ConfigurationErrorStopTests watches it in a process of its own), so this one
    /// is made without stopping.
    @Test func theDefaultHandlerWritesEachErrorOnce() {
        var written: [String] = []
        let handler = DispatchCenter.defaultConfigurationErrorHandler(stops: false) { written.append($0) }
        let center = DispatchCenter()
        center.configurationErrorHandler = handler
        center.register(Category.self)
        center.unregister(Category.self)
        center.register(Category.self)
        center.associatedDomains = ["test..com"]
        center.associatedDomains = ["test..com"]
        #expect(
            written == [
                "DispatchKit configuration error: " + Self.categoryLine,
                #"DispatchKit configuration error: invalid associated domain "test..com": not a host name; it is left out, and universal links to it are refused"#,
            ])
    }
}

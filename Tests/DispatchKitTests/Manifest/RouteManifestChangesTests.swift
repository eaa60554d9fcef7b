import DispatchKit
import DispatchKitEvents
import DispatchKitManifest
import Testing

// The compatibility check, kind by kind. Every case runs both checks — a center of the new release
// against the old manifest, and the new manifest against the old one — and expects the same
// answer from each.

@MainActor
@Suite struct RouteManifestChangesTests {
    typealias Fixture = ManifestFixture

    func name(_ slot: Int) -> String { ManifestRelease.name(slot) }

    /// The changes from `old` to `new`, which the two checks must agree on.
    func changes(
        from old: ManifestRelease, to new: ManifestRelease, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RouteChange] {
        let (center, manifests) = manifestChanges(from: old, to: new)
        #expect(center == manifests, "the center and the manifests disagree", sourceLocation: sourceLocation)
        return center
    }

    // MARK: - Nothing changed

    @Test func anUnchangedReleaseReportsNothing() {
        let release = ManifestRelease(
            [
                Fixture(["/product/:id<int>(/reviews)", "//shop/item/:id<int>"], exposure: .external),
                Fixture(["/list/:kind<new|hot>/*"], priority: 2),
                Fixture(["app://:tenant/home"], exposure: .external(applications: ["com.example.wallet"])),
                Fixture(claims: { $0.firstPath == "legacy" }),
            ], fallback: 4)
        #expect(changes(from: release, to: release) == [])
    }

    @Test func widerTypesAndRenamedParametersBreakNothing() {
        let old = ManifestRelease([Fixture(["/user/:id<int>", "/list/:kind<a|b>", "/p/:id"])])
        let new = ManifestRelease([Fixture(["/user/:id", "/list/:sort<a|b|c>", "/p/:slug"])])
        // `/user/sample` reaches the activity now, and reached nothing before.
        #expect(
            changes(from: old, to: new) == [
                .added(
                    RouteChange.Addition(
                        pattern: "/user/:id", activity: name(0), examples: ["/user/sample"], before: .nothing)
                )
            ])
    }

    // MARK: - Removed

    @Test func aRemovedRouteReachesNothing() {
        let old = ManifestRelease([Fixture(["/product/:id<int>", "/cart"])])
        let new = ManifestRelease([Fixture(["/cart"])])
        #expect(
            changes(from: old, to: new) == [
                .removed(
                    RouteChange.Removal(
                        pattern: "/product/:id<int>", activity: name(0), examples: ["/product/42"],
                        now: .nothing))
            ])
    }

    @Test func aRemovedClassReachesOnlyTheFallback() {
        let old = ManifestRelease([Fixture(["/cart"]), Fixture(["/orders(/:id<int>)"])], fallback: 2)
        let new = ManifestRelease([Fixture(["/cart"]), .absent], fallback: 2)
        let changes = changes(from: old, to: new)
        #expect(
            changes == [
                .removed(
                    RouteChange.Removal(
                        pattern: "/orders(/:id<int>)", activity: name(1),
                        examples: ["/orders/42", "/orders"],
                        now: .fallback(name(2))))
            ])
        #expect(changes.allSatisfy { $0.isBreaking })
        #expect(
            changes.map(\.description) == [
                "The route /orders(/:id<int>) of \(name(1)) is gone: /orders/42 and /orders now reach only "
                    + "the fallback \(name(2))."
            ])
    }

    @Test func aDroppedOptionalGroupRemovesItsForm() {
        let old = ManifestRelease([Fixture(["/item/:id(/reviews)"])])
        let new = ManifestRelease([Fixture(["/item/:id"])])
        #expect(
            changes(from: old, to: new) == [
                .removed(
                    RouteChange.Removal(
                        pattern: "/item/:id(/reviews)", activity: name(0), examples: ["/item/sample/reviews"],
                        now: .nothing))
            ])
    }

    @Test func aWildcardThatBecameExactLosesItsDeeperLinks() {
        let old = ManifestRelease([Fixture(["/help/*"])])
        let new = ManifestRelease([Fixture(["/help"])])
        #expect(
            changes(from: old, to: new) == [
                .removed(
                    RouteChange.Removal(
                        pattern: "/help/*", activity: name(0), examples: ["/help/more"], now: .nothing))
            ])
    }

    // MARK: - Retargeted

    @Test func aRouteMovedToAnotherClassIsRetargetedAndAdded() {
        let old = ManifestRelease([Fixture(["/promo/:id"]), .absent])
        let new = ManifestRelease([.absent, Fixture(["/promo/:id"])])
        let changes = changes(from: old, to: new)
        #expect(
            changes == [
                .retargeted(
                    RouteChange.Retarget(
                        pattern: "/promo/:id", activity: name(0), examples: ["/promo/sample"],
                        newActivity: name(1))),
                .added(
                    RouteChange.Addition(
                        pattern: "/promo/:id", activity: name(1), examples: ["/promo/sample"],
                        before: .activity(name(0)))),
            ])
        #expect(changes.map(\.isBreaking) == [true, false])
        #expect(
            changes.first?.description
                == "/promo/sample, which reached \(name(0)) through /promo/:id, now reaches \(name(1)).")
    }

    @Test func aHigherPriorityElsewhereTakesTheLinks() {
        let old = ManifestRelease([Fixture(["/promo/:id"]), Fixture(["/promo/:code"])])
        let new = ManifestRelease([Fixture(["/promo/:id"]), Fixture(["/promo/:code"], priority: 1)])
        #expect(
            changes(from: old, to: new) == [
                .retargeted(
                    RouteChange.Retarget(
                        pattern: "/promo/:id", activity: name(0), examples: ["/promo/sample"],
                        newActivity: name(1))),
                .added(
                    RouteChange.Addition(
                        pattern: "/promo/:code", activity: name(1), examples: ["/promo/sample"],
                        before: .activity(name(0)))),
            ])
    }

    /// A link is reported against the route that won it in the earlier release, not the one
    /// whose examples list it.
    @Test func eachLinkIsReportedAgainstTheRouteThatWonIt() {
        let old = ManifestRelease([Fixture(["/a(/b)"]), Fixture(["/a/b"], priority: 1)])
        let new = ManifestRelease([Fixture(["/a(/b)"]), .absent])
        #expect(
            changes(from: old, to: new) == [
                .retargeted(
                    RouteChange.Retarget(
                        pattern: "/a/b", activity: name(1), examples: ["/a/b"], newActivity: name(0))),
                // The older route takes the link now.
                .added(
                    RouteChange.Addition(
                        pattern: "/a(/b)", activity: name(0), examples: ["/a/b"], before: .activity(name(1)))),
            ])
    }

    /// Among classes of one priority whose patterns match equally well, the one registered first
    /// wins; the manifests, which do not record that order, agree because the slots' names sort in
    /// registration order.
    @Test func aTieBetweenClassesGoesToTheFirstRegistered() {
        let old = ManifestRelease([.absent, Fixture(["/k/:v<b|a>"])])
        let new = ManifestRelease([Fixture(["/k/:w<b|c>"]), Fixture(["/k/:v<b|a>"])])
        // `/k/b` matches both equally well (one typed segment each): slot 0 comes first.
        #expect(
            changes(from: old, to: new) == [
                .retargeted(
                    RouteChange.Retarget(
                        pattern: "/k/:v<b|a>", activity: name(1), examples: ["/k/b"], newActivity: name(0))),
                .added(
                    RouteChange.Addition(
                        pattern: "/k/:w<b|c>", activity: name(0), examples: ["/k/b"],
                        before: .activity(name(1)))),
            ])
    }

    /// The limit of a manifest: when registration order and name order differ, a tie that the
    /// center settles by registration order is settled by name order from manifests.
    @Test func aTieSettledByRegistrationOrderIsBeyondAManifest() {
        let old = ManifestRelease([.absent, Fixture(["/k/:v<b|a>"])])
        var new = ManifestRelease([Fixture(["/k/:w<b|c>"]), Fixture(["/k/:v<b|a>"])])
        new.registrationOrder = [1, 0]
        let (center, manifests) = manifestChanges(from: old, to: new)
        #expect(center == [])
        #expect(manifests.map(\.kindName) == ["retargeted", "added"])
    }

    // MARK: - Parameter narrowed

    @Test func aPlainParameterThatBecameAnIntegerIsNarrowed() {
        let old = ManifestRelease([Fixture(["/user/:id"])])
        let new = ManifestRelease([Fixture(["/user/:id<int>"])])
        let changes = changes(from: old, to: new)
        #expect(
            changes == [
                .parameterNarrowed(
                    RouteChange.ParameterNarrowing(
                        pattern: "/user/:id", activity: name(0), newPattern: "/user/:id<int>",
                        parameter: RouteManifest.Parameter(name: "id", type: .plain),
                        newParameter: RouteManifest.Parameter(name: "id", type: .int),
                        examples: ["/user/sample"],
                        now: .nothing))
            ])
        #expect(
            changes.first?.description
                == "The parameter id of /user/:id (\(name(0))) accepted any segment and accepts only an integer "
                + "in /user/:id<int>: /user/sample now reaches nothing.")
    }

    @Test func aValueListThatLostValuesIsNarrowedWithALinkItRefuses() {
        // The examples use the first value, which stays: the check builds a link with one that went.
        let old = ManifestRelease([Fixture(["/list/:kind<new|hot|top>(/:page<int>)"])], fallback: 1)
        let new = ManifestRelease([Fixture(["/list/:kind<new|hot>(/:page<int>)"])], fallback: 1)
        let narrowed = RouteChange.ParameterNarrowing(
            pattern: "/list/:kind<new|hot|top>(/:page<int>)", activity: name(0),
            newPattern: "/list/:kind<new|hot>(/:page<int>)",
            parameter: RouteManifest.Parameter(name: "kind", type: .values, values: ["new", "hot", "top"]),
            newParameter: RouteManifest.Parameter(name: "kind", type: .values, values: ["new", "hot"]),
            examples: ["/list/top/42", "/list/top"], now: .fallback(name(1)))
        #expect(changes(from: old, to: new) == [.parameterNarrowed(narrowed)])
        #expect(
            narrowed.description.contains(
                "accepted one of new, hot or top and accepts only one of new or hot"))
    }

    @Test func aNarrowedParameterWhoseLinksAnotherClassTakesSaysWhich() {
        let old = ManifestRelease([Fixture(["/user/:id"]), .absent])
        let new = ManifestRelease([Fixture(["/user/:id<uuid>"]), Fixture(["/user/:name"])])
        #expect(
            changes(from: old, to: new) == [
                .parameterNarrowed(
                    RouteChange.ParameterNarrowing(
                        pattern: "/user/:id", activity: name(0), newPattern: "/user/:id<uuid>",
                        parameter: RouteManifest.Parameter(name: "id", type: .plain),
                        newParameter: RouteManifest.Parameter(name: "id", type: .uuid),
                        examples: ["/user/sample"],
                        now: .activity(name(1)))),
                .added(
                    RouteChange.Addition(
                        pattern: "/user/:name", activity: name(1), examples: ["/user/sample"],
                        before: .activity(name(0)))),
            ])
    }

    @Test func aNarrowedTypeThatAnotherRouteOfTheClassStillCoversIsNoChange() {
        let old = ManifestRelease([Fixture(["/user/:id"])])
        let new = ManifestRelease([Fixture(["/user/:id<int>", "/user/:name"])])
        #expect(changes(from: old, to: new) == [])
    }

    @Test func anIntegerThatBecameAValueListIsNarrowed() {
        let old = ManifestRelease([Fixture(["app://host/page/:n<int>"])])
        let new = ManifestRelease([Fixture(["app://host/page/:n<1|2|3>"])])
        #expect(
            changes(from: old, to: new) == [
                .parameterNarrowed(
                    RouteChange.ParameterNarrowing(
                        pattern: "app://host/page/:n<int>", activity: name(0),
                        newPattern: "app://host/page/:n<1|2|3>",
                        parameter: RouteManifest.Parameter(name: "n", type: .int),
                        newParameter: RouteManifest.Parameter(
                            name: "n", type: .values, values: ["1", "2", "3"]),
                        examples: ["app://host/page/42"], now: .nothing))
            ])
    }

    // MARK: - Exposure narrowed

    @Test(arguments: [
        (
            DispatchExposure.external, DispatchExposure.internalOnly,
            "universal links, notifications and other apps are"
        ),
        (
            .external, .external(applications: ["com.example.wallet"]),
            "apps other than com.example.wallet are"
        ),
        (
            .external(applications: ["com.example.pay", "com.example.wallet"]),
            .external(applications: ["com.example.wallet"]), "com.example.pay is"
        ),
        (
            .external(applications: ["com.example.wallet"]), .internalOnly,
            "universal links, notifications and other apps are"
        ),
    ])
    func aNarrowedExposureIsReported(before: DispatchExposure, after: DispatchExposure, refused: String) {
        let old = ManifestRelease([Fixture(["/product/:id<int>"], exposure: before)])
        let new = ManifestRelease([Fixture(["/product/:id<int>"], exposure: after)])
        let changes = changes(from: old, to: new)
        let narrowing = RouteChange.ExposureNarrowing(
            pattern: "/product/:id<int>", activity: name(0), examples: ["/product/42"],
            exposure: RouteManifest.Exposure(before), newExposure: RouteManifest.Exposure(after))
        #expect(changes == [.exposureNarrowed(narrowing)])
        #expect(
            narrowing.description
                == "\(name(0)), reached by /product/42 through /product/:id<int>, went from "
                + "\(RouteManifest.Exposure(before)) to \(RouteManifest.Exposure(after)): \(refused) now refused."
        )
    }

    // MARK: - Exposure widened

    /// Pins a security blind spot: an internal activity made external was no change at all, so a
    /// diff said "no change" while links from every app and website started to reach it.
    @Test(arguments: [
        (
            DispatchExposure.internalOnly, DispatchExposure.external,
            "universal links, notifications and other apps now reach it"
        ),
        (
            .internalOnly, .external(applications: ["com.example.wallet"]),
            "universal links, notifications and com.example.wallet now reach it"
        ),
        (
            .external(applications: ["com.example.wallet"]), .external,
            "apps other than com.example.wallet now reach it"
        ),
        (
            .external(applications: ["com.example.wallet"]),
            .external(applications: ["com.example.pay", "com.example.wallet"]),
            "com.example.pay now reaches it"
        ),
    ])
    func aWiderExposureIsReportedForReview(
        before: DispatchExposure, after: DispatchExposure, admitted: String
    ) {
        let old = ManifestRelease([Fixture(["/account/logout"], exposure: before)])
        let new = ManifestRelease([Fixture(["/account/logout"], priority: 3, exposure: after)])
        let changes = changes(from: old, to: new)
        let widening = RouteChange.ExposureWidening(
            pattern: "/account/logout", activity: name(0), examples: ["/account/logout"],
            exposure: RouteManifest.Exposure(before), newExposure: RouteManifest.Exposure(after))
        #expect(changes == [.exposureWidened(widening)])
        #expect(changes.map(\.widensExposure) == [true])
        #expect(changes.map(\.isBreaking) == [false])
        #expect(
            widening.description
                == "\(name(0)), reached by /account/logout through /account/logout, went from "
                + "\(RouteManifest.Exposure(before)) to \(RouteManifest.Exposure(after)): \(admitted).")
    }

    /// Apps swapped for others: some sources lose the link, others gain it; both are reported.
    @Test func swappedApplicationsAreANarrowingAndAWidening() {
        let old = ManifestRelease([Fixture(["/pay"], exposure: .external(applications: ["com.example.a"]))])
        let new = ManifestRelease([Fixture(["/pay"], exposure: .external(applications: ["com.example.b"]))])
        let changes = changes(from: old, to: new)
        #expect(changes.map(\.kindName) == ["exposureNarrowed", "exposureWidened"])
        #expect(changes.map(\.isBreaking) == [true, false])
        #expect(changes.map(\.widensExposure) == [false, true])
    }

    // MARK: - Moved

    /// Pins moves reported as breaking retargets: the same class declared in another module
    /// (same type name, same patterns) opens the same page.
    @Test func aClassMovedToAnotherModuleIsAMoveNotABreak() {
        let release = ManifestRelease([
            Fixture(["/product/:id<int>", "/p/:id<int>"], exposure: .external), Fixture(["/cart"]),
        ])
        let old = Self.renaming(name(0), to: "ShopLegacy.ManifestSlot00", in: release.manifest())
        let center = release.center()
        let fromCenter = center.routeChanges(since: old)
        #expect(fromCenter == release.manifest().changes(since: old))
        let move = { (pattern: String, example: String) in
            RouteChange.moved(
                RouteChange.Move(
                    pattern: pattern, activity: "ShopLegacy.ManifestSlot00", examples: [example],
                    newActivity: self.name(0)))
        }
        #expect(fromCenter == [move("/p/:id<int>", "/p/42"), move("/product/:id<int>", "/product/42")])
        #expect(fromCenter.allSatisfy { !$0.isBreaking && !$0.widensExposure })
        #expect(
            fromCenter.first?.description
                == "ShopLegacy.ManifestSlot00 moved to \(name(0)): /p/42, through /p/:id<int>, reaches it as before."
        )
    }

    /// A move that also changes the exposure reports both.
    @Test func aMovedClassWhoseExposureNarrowedIsStillBreaking() {
        let release = ManifestRelease([Fixture(["/product/:id<int>"])])
        var old = Self.renaming(name(0), to: "ShopLegacy.ManifestSlot00", in: release.manifest())
        old.routes[0].exposure = .external
        let changes = release.center().routeChanges(since: old)
        #expect(changes.map(\.kindName) == ["exposureNarrowed", "moved"])
        #expect(changes.first?.activity == "ShopLegacy.ManifestSlot00")
    }

    /// What is not a move: another type name (a rename), other patterns, or a name that two
    /// classes of the new release share.
    @Test func aRenameOrOtherPatternsAreRetargets() {
        let release = ManifestRelease([Fixture(["/product/:id<int>"]), Fixture(["/cart"])])
        let renamed = Self.renaming(name(0), to: "Shop.ProductActivity", in: release.manifest())
        #expect(release.center().routeChanges(since: renamed).map(\.kindName) == ["retargeted", "added"])
        var otherPatterns = Self.renaming(name(0), to: "ShopLegacy.ManifestSlot00", in: release.manifest())
        otherPatterns.routes.append(
            RouteManifest.Route(
                pattern: "/legacy", activity: "ShopLegacy.ManifestSlot00", examples: ["/legacy"]))
        #expect(
            release.center().routeChanges(since: otherPatterns).map(\.kindName)
                == ["removed", "retargeted", "added"])
        var twoCandidates = Self.renaming(name(0), to: "ShopLegacy.ManifestSlot00", in: release.manifest())
        twoCandidates.routes = twoCandidates.routes.map { route in
            var route = route
            if route.activity == name(1) { route.activity = "Elsewhere.ManifestSlot00" }
            return route
        }
        // Two classes of the earlier release named ManifestSlot00: which one moved is unknown.
        #expect(
            release.manifest().changes(since: twoCandidates).map(\.kindName).filter { $0 == "moved" }.isEmpty)
    }

    /// `manifest` with every entry of `activity` given `newName`.
    static func renaming(_ activity: String, to newName: String, in manifest: RouteManifest) -> RouteManifest
    {
        var manifest = manifest
        for index in manifest.routes.indices where manifest.routes[index].activity == activity {
            manifest.routes[index].activity = newName
        }
        return manifest
    }

    // MARK: - Added

    @Test func aNewRouteIsAnAdditionThatBreaksNothing() {
        let old = ManifestRelease([Fixture(["/cart"]), .absent], fallback: 2)
        let new = ManifestRelease(
            [Fixture(["/cart"]), Fixture(["/orders/:id<int>", "/cart/:item"])], fallback: 2)
        let changes = changes(from: old, to: new)
        #expect(
            changes == [
                .added(
                    RouteChange.Addition(
                        pattern: "/cart/:item", activity: name(1), examples: ["/cart/sample"],
                        before: .fallback(name(2)))),
                .added(
                    RouteChange.Addition(
                        pattern: "/orders/:id<int>", activity: name(1), examples: ["/orders/42"],
                        before: .fallback(name(2)))),
            ])
        #expect(!changes.contains { $0.isBreaking })
        #expect(
            changes.first?.description
                == "The route /cart/:item of \(name(1)) takes /cart/sample, which reached only the fallback "
                + "\(name(2)) before.")
    }

    /// A more specific route takes links that an older one took: an addition, which names what they
    /// reached before.
    @Test func aMoreSpecificNewRouteTakesLinksFromAnOlderOne() {
        let old = ManifestRelease([Fixture(["/p/:id"]), .absent])
        let new = ManifestRelease([Fixture(["/p/:id"]), Fixture(["/p/special"])])
        #expect(
            changes(from: old, to: new) == [
                .added(
                    RouteChange.Addition(
                        pattern: "/p/special", activity: name(1), examples: ["/p/special"],
                        before: .activity(name(0))))
            ])
    }

    // MARK: - Order and grouping

    @Test func changesAreListedByKindThenPattern() {
        let old = ManifestRelease([
            Fixture(["/z", "/b/:id"], exposure: .external), Fixture(["/a"]), Fixture(["/m/:id"]), .absent,
        ])
        let new = ManifestRelease([
            Fixture(["/b/:id<int>"], exposure: .internalOnly), .absent,
            Fixture(["/m/:id"], exposure: .external),
            Fixture(["/a", "/y"]),
        ])
        let changes = changes(from: old, to: new)
        #expect(
            changes.map { "\($0.kindName) \($0.pattern)" } == [
                "removed /z", "retargeted /a", "parameterNarrowed /b/:id", "exposureWidened /m/:id",
                "added /a", "added /y",
            ])
        // Ordered by kind, then pattern: the same however the routes were declared.
        let reordered = ManifestRelease([
            Fixture(["/b/:id", "/z"], exposure: .external), Fixture(["/a"]), Fixture(["/m/:id"]), .absent,
        ])
        #expect(manifestChanges(from: reordered, to: new).center == changes)
    }

    // MARK: - What a manifest cannot know

    /// A class with a custom `isHit` answers a center; a manifest can only say that such a class,
    /// or else the fallback, might take the link.
    @Test func customClaimantsAreAskedByTheCenterOnly() {
        let old = ManifestRelease([Fixture(["/legacy/:id"]), .absent], fallback: 2)
        let new = ManifestRelease([.absent, Fixture(claims: { $0.firstPath == "legacy" })], fallback: 2)
        let (center, manifests) = manifestChanges(from: old, to: new)
        #expect(
            center == [
                .retargeted(
                    RouteChange.Retarget(
                        pattern: "/legacy/:id", activity: name(0), examples: ["/legacy/sample"],
                        newActivity: name(1)))
            ])
        let removal = RouteChange.Removal(
            pattern: "/legacy/:id", activity: name(0), examples: ["/legacy/sample"],
            now: .customClaimantOrFallback(claimants: [name(1)], fallback: name(2)))
        #expect(manifests == [.removed(removal)])
        #expect(
            removal.description
                == "The route /legacy/:id of \(name(0)) is gone: /legacy/sample now reaches a custom claimant "
                + "(\(name(1))) or else the fallback \(name(2)).")
    }

    // MARK: - Nothing runs

    @Test func theCheckCreatesNoActivityAndAsksNoInterceptorOrObserver() {
        let old = ManifestRelease([Fixture(["/a/:id", "/b"]), Fixture(["/c"])], fallback: 2)
        let new = ManifestRelease([Fixture(["/a/:id<int>"]), Fixture(["/b"])], fallback: 2)
        let oldManifest = old.manifest()
        let center = new.center()
        let watcher = ManifestWatcher()
        let counter = ManifestEventCounter()
        center.addInterceptor(watcher)
        center.addObserver(counter)
        let created = ManifestFixtureTable.created
        #expect(!center.routeChanges(since: oldManifest).isEmpty)
        #expect(ManifestFixtureTable.created == created)
        #expect(watcher.calls == 0)
        #expect(counter.calls == 0)
    }
}

/// Never called: that this compiles is the test. The changes are values any thread may hold.
private func requireSendable() {
    func sendable<T: Sendable>(_: T.Type) {}
    sendable(RouteChange.self)
    sendable(RouteChange.Reach.self)
    sendable(RouteChange.Removal.self)
    sendable(RouteChange.Retarget.self)
    sendable(RouteChange.ParameterNarrowing.self)
    sendable(RouteChange.ExposureNarrowing.self)
    sendable(RouteChange.ExposureWidening.self)
    sendable(RouteChange.Move.self)
    sendable(RouteChange.Addition.self)
    sendable(RouteChange.KeyNarrowing.self)
    sendable(RouteChange.KeyRemoval.self)
    sendable(RouteChange.KeyRequirement.self)
    sendable(RouteChange.KeyRetype.self)
    sendable(RouteChange.KeyWidening.self)
    sendable(RouteChange.LinkKey.self)
    sendable(RouteChange.LinkKey.Place.self)
    sendable(RouteChange.LinkRefusal.self)
}

/// An interceptor that counts what it is asked.
private final class ManifestWatcher: DispatchInterceptor {
    var calls = 0

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        calls += 1
        return .proceed
    }
}

/// An observer that counts the events it is told.
@MainActor
private final class ManifestEventCounter: DispatchObserver {
    var calls = 0

    func observe(_ event: DispatchEvent) throws { calls += 1 }
}

extension RouteChange {
    /// The case's name, for lists in tests.
    var kindName: String {
        switch self {
        case .removed: return "removed"
        case .retargeted: return "retargeted"
        case .parameterNarrowed: return "parameterNarrowed"
        case .keyNarrowed: return "keyNarrowed"
        case .keyRequired: return "keyRequired"
        case .keyRetyped: return "keyRetyped"
        case .linkRefused: return "linkRefused"
        case .exposureNarrowed: return "exposureNarrowed"
        case .exposureWidened: return "exposureWidened"
        case .keyRemoved: return "keyRemoved"
        case .keyWidened: return "keyWidened"
        case .moved: return "moved"
        case .added: return "added"
        }
    }
}

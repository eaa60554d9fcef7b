import DispatchKit
import DispatchKitManifest

// The classes of the manifest tests. A test describes the routes of a release as a list of
// `ManifestFixture` values, one per class; `ManifestRelease` lends them to a fixed pool of slot
// classes (Swift cannot create classes at run time) and registers slot 0, 1, 2… in that order, so
// that registration order and the order of the classes' names agree (the one thing a manifest
// does not record). The same list gives a center and that center's manifest, so each test can
// compare the center-based check with the manifest-based one.
//
// The table is @MainActor and every test fills it and reads its answers without a suspension
// point, so tests that Swift Testing runs in parallel cannot see each other's entries.

/// What one class of a release declares.
struct ManifestFixture {
    var patterns: [RoutePattern] = []
    var priority = 0
    var exposure = DispatchExposure.internalOnly
    /// A custom `isHit` (for a class without patterns), or `nil` for the default.
    var claims: (@Sendable (DispatchURL) -> Bool)?
    /// Whether the release registers the class.
    var isRegistered = true

    /// A class the release does not register.
    static let absent: ManifestFixture = {
        var fixture = ManifestFixture()
        fixture.isRegistered = false
        return fixture
    }()

    init(
        _ patterns: [RoutePattern] = [], priority: Int = 0, exposure: DispatchExposure = .internalOnly,
        claims: (@Sendable (DispatchURL) -> Bool)? = nil
    ) {
        self.patterns = patterns
        self.priority = priority
        self.exposure = exposure
        self.claims = claims
    }
}

@MainActor
enum ManifestFixtureTable {
    nonisolated static let slotCount = 16
    static var entries = [ManifestFixture](repeating: ManifestFixture(), count: slotCount)
    /// The slot that plays the fallback, if any.
    static var fallbackSlot: Int?
}

/// The base of every slot; never registered itself.
class ManifestSlot: DispatchActivity {
    class var slot: Int { -1 }

    override class var patterns: [RoutePattern] { ManifestFixtureTable.entries[slot].patterns }
    override class var priority: Int { ManifestFixtureTable.entries[slot].priority }
    override class var exposure: DispatchExposure { ManifestFixtureTable.entries[slot].exposure }

    override class func isHit(url: DispatchURL) -> Bool {
        ManifestFixtureTable.entries[slot].claims?(url) ?? super.isHit(url: url)
    }

    /// Fails any test that gets this far: the compatibility check must not create activities.
    required init(request: DispatchRequest) {
        ManifestFixtureTable.created += 1
        super.init(request: request)
    }
}

extension ManifestFixtureTable {
    /// How many slot activities were created: the checks create none.
    static var created = 0
}

final class ManifestSlot00: ManifestSlot { override class var slot: Int { 0 } }
final class ManifestSlot01: ManifestSlot { override class var slot: Int { 1 } }
final class ManifestSlot02: ManifestSlot { override class var slot: Int { 2 } }
final class ManifestSlot03: ManifestSlot { override class var slot: Int { 3 } }
final class ManifestSlot04: ManifestSlot { override class var slot: Int { 4 } }
final class ManifestSlot05: ManifestSlot { override class var slot: Int { 5 } }
final class ManifestSlot06: ManifestSlot { override class var slot: Int { 6 } }
final class ManifestSlot07: ManifestSlot { override class var slot: Int { 7 } }
final class ManifestSlot08: ManifestSlot { override class var slot: Int { 8 } }
final class ManifestSlot09: ManifestSlot { override class var slot: Int { 9 } }
final class ManifestSlot10: ManifestSlot { override class var slot: Int { 10 } }
final class ManifestSlot11: ManifestSlot { override class var slot: Int { 11 } }
final class ManifestSlot12: ManifestSlot { override class var slot: Int { 12 } }
final class ManifestSlot13: ManifestSlot { override class var slot: Int { 13 } }
final class ManifestSlot14: ManifestSlot { override class var slot: Int { 14 } }
final class ManifestSlot15: ManifestSlot { override class var slot: Int { 15 } }

/// A release: the classes of slots 0, 1, 2…, and a fallback.
@MainActor
struct ManifestRelease {
    static let slots: [ManifestSlot.Type] = [
        ManifestSlot00.self,
        ManifestSlot01.self,
        ManifestSlot02.self,
        ManifestSlot03.self,
        ManifestSlot04.self,
        ManifestSlot05.self,
        ManifestSlot06.self,
        ManifestSlot07.self,
        ManifestSlot08.self,
        ManifestSlot09.self,
        ManifestSlot10.self,
        ManifestSlot11.self,
        ManifestSlot12.self,
        ManifestSlot13.self,
        ManifestSlot14.self,
        ManifestSlot15.self,
    ]

    var classes: [ManifestFixture]
    /// The slot that plays the fallback (registered as nothing else).
    var fallback: Int?
    /// The order the slots are registered in, if not 0, 1, 2…
    var registrationOrder: [Int]?

    init(_ classes: [ManifestFixture], fallback: Int? = nil) {
        self.classes = classes
        self.fallback = fallback
    }

    /// The name a manifest gives to slot `number`.
    static func name(_ number: Int) -> String { String(reflecting: slots[number]) }

    /// Lends the slots their declarations and registers them with a new center.
    func center() -> DispatchCenter {
        for slot in 0..<ManifestFixtureTable.slotCount {
            ManifestFixtureTable.entries[slot] = slot < classes.count ? classes[slot] : ManifestFixture()
        }
        let center = DispatchCenter()
        // Generated releases hold invalid patterns on purpose: collected, not stopped at.
        center.configurationErrorHandler = { _ in }
        for slot in registrationOrder ?? Array(classes.indices)
        where slot != fallback && classes[slot].isRegistered {
            center.register(Self.slots[slot])
        }
        center.fallback = fallback.map { Self.slots[$0] }
        return center
    }

    /// The release's manifest, as its center exports it.
    func manifest() -> RouteManifest {
        center().routeManifest()
    }
}

/// The changes from `old` to `new`, checked by a center of `new` and by `new`'s manifest.
@MainActor
func manifestChanges(from old: ManifestRelease, to new: ManifestRelease) -> (
    center: [RouteChange], manifests: [RouteChange]
) {
    let oldManifest = old.manifest()
    let newManifest = new.manifest()
    // The center last: the table holds its declarations while it answers.
    let center = new.center()
    return (center.routeChanges(since: oldManifest), newManifest.changes(since: oldManifest))
}

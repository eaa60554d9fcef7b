/// The `<intent-filter>` elements of an Android app's manifest that open the routes universal links
/// reach as App Links, generated from a ``RouteManifest``: the Android side of
/// ``AppSiteAssociation``.
///
/// Each filter has `android:autoVerify="true"`, the `VIEW` action, the `DEFAULT` and `BROWSABLE`
/// categories, and `<data>` elements for the `https` scheme, its hosts and one path entry per form
/// of each exposed route (``RouteManifest/Exposure/admitsUniversalLinks``):
///
/// - a route made of literals is an `android:path` (exact), and with a trailing `*` also an
///   `android:pathPrefix` ending in `/`;
/// - any other route is an `android:pathPattern` (``Syntax/pathPattern``, every API level) or an
///   `android:pathAdvancedPattern` (``Syntax/pathAdvancedPattern``, API 31 and later), a value
///   list `<a|b>` one entry per value.
///
/// Android combines every `<data>` element of one filter with every other: each scheme with each
/// host with each path. So routes that name different hosts get filters of their own, and a
/// filter's hosts all take the same paths.
///
/// Android has no exclusions, and the pattern syntaxes have limits; where the filter claims more
/// or fewer URLs than the app takes, ``approximations`` says so: a route that universal links do
/// not reach under an exposed route's pattern, `<int>` and `<uuid>` with `pathPattern` (which has
/// no character classes), a parameter at the end of a `pathPattern` (which also takes deeper
/// paths). Android matches the decoded path (`Uri.getPath()`), so a `%2F` inside a segment
/// splits it, and an empty segment or a trailing slash is compared as written, where the router
/// normalizes them first. Classes with their own `isHit` and the center's fallback are not
/// described (a class with its own `isHit` gets a note).
public struct AndroidIntentFilter: Sendable, Hashable {
    /// Which `<data>` attribute carries the patterns of routes with parameters.
    public enum Syntax: String, Sendable, Hashable, CaseIterable {
        /// `android:pathPattern`, on every API level: `.` is any character and `.*` any run, up to
        /// the first occurrence of what follows it (Android's matcher does not backtrack). A
        /// parameter is `..*`: inside a path that is one segment, at the end any rest of the path.
        case pathPattern
        /// `android:pathAdvancedPattern`, API 31 and later (earlier versions ignore the attribute,
        /// so the filter claims nothing there): a parameter is `[^/]+`, `<int>` is
        /// `-{0,1}[0-9]+` and `<uuid>` the exact hexadecimal shape.
        case pathAdvancedPattern
    }

    /// The hosts the filters cover, lowercased.
    public let hosts: [String]
    /// Which attribute carries patterns.
    public let syntax: Syntax
    /// Where the filters claim more or fewer URLs than the app takes, one note per route and reason.
    public let approximations: [LinkApproximation]
    /// The filters: hosts with the same paths share one.
    let filters: [Filter]

    /// One `<intent-filter>`.
    struct Filter: Sendable, Hashable {
        var hosts: [String]
        var paths: [PathEntry]
    }

    /// One `<data>` path attribute, its value as Android's matcher reads it (before the XML and
    /// resource escaping that ``xmlString()`` adds).
    struct PathEntry: Sendable, Hashable {
        enum Attribute: String, Sendable, Hashable {
            case path, pathPrefix, pathPattern, pathAdvancedPattern
        }

        var attribute: Attribute
        var value: String
    }

    /// Generates the filters for `manifest`.
    ///
    /// - Parameters:
    ///   - manifest: The app's routes (``DispatchCenter/routeManifest()``).
    ///   - hosts: The hosts of the App Links (`test.com`); each needs its
    ///     `/.well-known/assetlinks.json`.
    ///   - syntax: Where patterns go: ``Syntax/pathPattern`` for every API level, or
    ///     ``Syntax/pathAdvancedPattern`` for an app whose minimum API level is 31 or later.
    /// - Complexity: O(*r*² × *s*) for *r* route forms of up to *s* segments.
    public init(manifest: RouteManifest, hosts: [String], syntax: Syntax = .pathPattern) {
        var unique: [String] = []
        for host in hosts.map({ $0.lowercased() }) where !unique.contains(host) { unique.append(host) }
        self.hosts = unique
        self.syntax = syntax
        let builder = Builder(manifest: manifest, hosts: unique, syntax: syntax)
        self.filters = builder.filters()
        self.approximations = builder.notes()
    }
}

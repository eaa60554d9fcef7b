import DispatchKit

/// The `<intent-filter>` elements of an Android app's manifest that open the routes universal links
/// reach as App Links, and the links of the app's own URL schemes, generated from a
/// ``RouteManifest``: the Android side of ``AppSiteAssociation``.
///
/// Each App Links filter has `android:autoVerify="true"`, the `VIEW` action, the `DEFAULT` and
/// `BROWSABLE` categories, and `<data>` elements for the `https` scheme, its hosts and one path
/// entry per form of each exposed route (``RouteManifest/Exposure/admitsUniversalLinks``):
///
/// - a route made of literals is an `android:path` (exact), and with a trailing `*` also an
///   `android:pathPrefix` ending in `/`;
/// - any other route is an `android:pathPattern` (``Syntax/pathPattern``, every API level) or an
///   `android:pathAdvancedPattern` (``Syntax/pathAdvancedPattern``, API 31 and later), a value
///   list `<a|b>` one entry per value.
///
/// Android combines every `<data>` element of one filter with every other: each scheme with each
/// host with each path. So routes that name different hosts get filters of their own, and a
/// filter's hosts all take the same paths. ``AssetLinks`` writes the file that Android reads on
/// each host to verify them.
///
/// **Custom schemes.** For each of the app's own schemes (``schemes``, `cono` for `cono://…` links)
/// the filters are written the same way, with that scheme and without `android:autoVerify`: only
/// `https` links are verified, and a link of the app's scheme opens the app without it. They claim
/// the routes that other apps reach (an external exposure) whose pattern names the scheme
/// (`cono://test.com/…`) or none (a path-only route, or `//test.com/…`). A route that names a host
/// is claimed on that host (`android:host="test.com"`); a path-only route, a `:name` host and a
/// `*` host match any host, so their filter has `android:host="*"`, which Android reads as every
/// host. The filters assume that the scheme is one of the app's own link origins (DispatchKit's
/// `LinkOrigins`), so that the router takes its links from other apps. Android compares the scheme
/// and the host as written, so a link that spells either in capitals (`CONO://Test.com/…`), which
/// the router reads in lowercase, is not claimed: one note says so. A link without a host (`cono:/product/42`) matches no filter that names hosts, while
/// the router gives it to the path-only routes: a note says so. A route exposed to some apps only
/// (`.external(applications:)`) is claimed for a link from any app, with a note.
///
/// A trailing slash, which the router drops, is claimed too: each entry that does not already take
/// it has a twin with `/` added (`android:path="/settings/privacy/"`). Android matches the decoded
/// path (`Uri.getPath()`), so the case of escapes does not matter.
///
/// Android has no exclusions, and the pattern syntaxes have limits; where the filter claims more
/// or fewer URLs than the app takes, ``approximations`` says so: a route that universal links do
/// not reach under an exposed route's pattern, `<int>` and `<uuid>` with `pathPattern` (which has
/// no character classes), a parameter at the end of a `pathPattern` (which also takes deeper
/// paths), a `.` of a literal or a value in a `pathPattern` (any character, even escaped; a `*` is
/// escaped exactly), and links with an encoded slash (`%2F`) inside a segment: the router reads
/// one segment there, Android the decoded path with one more, so such a link is claimed exactly
/// when the path it decodes to is, and a note names the route the router gives it to when that
/// route is not exposed; the links that no route takes get one note for the whole filter, which
/// names the routes they are claimed for. An empty segment or more than one trailing slash is
/// compared as written, where the router normalizes it first. Classes with their own `isHit` and
/// the center's fallback are not described (a class with its own `isHit` gets a note). When the
/// filters are for several parts (the App Links and schemes), a note that not every part has is
/// written once for each part that has it, after the part's name
/// (`cono: /product/:id<int> (Shop.ProductActivity): …`, `https: …` for the App Links). When no
/// exposed route is left to claim, ``claimsNothing`` says so.
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

    /// The hosts the App Links filters cover, lowercased and in ASCII (punycode), `*.test.com` for
    /// the subdomains of `test.com`. Empty when the filters are for custom schemes only.
    public let hosts: [String]
    /// The app's own URL schemes the other filters are for, lowercased: `cono` for `cono://…` links.
    public let schemes: [String]
    /// Which attribute carries patterns.
    public let syntax: Syntax
    /// Where the filters claim more or fewer URLs than the app takes, one note per route and reason,
    /// and one for the whole filter (``LinkApproximation/pattern`` `nil`, ``LinkApproximation/activity``
    /// empty) on links with an encoded slash that no route takes. A note lists at most five routes.
    public let approximations: [LinkApproximation]
    /// The filters: the App Links ones, then each scheme's; of one scheme, hosts with the same paths
    /// share one.
    let filters: [Filter]
    /// The parts asked for whose filters claim nothing: `https` for the App Links, or a scheme.
    package let partsClaimingNothing: [String]

    /// One `<intent-filter>`.
    struct Filter: Sendable, Hashable {
        /// `https` for App Links (verified), or one of the app's own schemes.
        var scheme: String
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

    /// Generates the filters for `manifest`, after checking the hosts.
    ///
    /// ```swift
    /// @MainActor func androidFilter(center: DispatchCenter) throws -> String {
    ///     let filter = try AndroidIntentFilter(for: center.routeManifest(), hosts: ["test.com"])
    ///     if filter.claimsNothing { print("warning: the filter opens no link in the app") }
    ///     return filter.xmlString()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - manifest: The app's routes (``DispatchKit/DispatchCenter/routeManifest()``).
    ///   - hosts: The hosts of the App Links: a host name (`test.com`, or a Unicode name, written
    ///     in its punycode form), or `*.test.com` for every subdomain of `test.com` (not `test.com`
    ///     itself); each needs its `/.well-known/assetlinks.json`.
    ///   - syntax: Where patterns go: ``Syntax/pathPattern`` for every API level, or
    ///     ``Syntax/pathAdvancedPattern`` for an app whose minimum API level is 31 or later.
    /// - Throws: ``LinkFileError`` for a host that is not one (a URL such as `https://test.com`, a
    ///   port, a path, a misplaced `*`), one given twice (`Test.com` is `test.com`), or none.
    /// - Complexity: O(*r*² × *s*) for *r* route forms of up to *s* segments (each route not exposed
    ///   is compared with the exposed ones). The notes on encoded slashes add, for each exposed form,
    ///   O(*s*) per form that starts with the same literal (every form, for one that starts with a
    ///   parameter) to find the *k* forms that can take one of its links, then a search of at most
    ///   2^*s* ways to join its segments times (*h* + 3)^*p* values for its *p* parameters, *h* the
    ///   values that routes not exposed list there, O(*k*) each. In most apps *k* and *h* are 0 to a
    ///   few, and this part grows about linearly with *r*.
    public init(for manifest: RouteManifest, hosts: [String], syntax: Syntax = .pathPattern)
        throws(LinkFileError)
    {
        self.init(manifest: manifest, domains: try LinkDomain.domains(hosts, as: .host), syntax: syntax)
    }

    /// Generates the App Links filters for `manifest` and the filters of the app's own URL schemes,
    /// after checking the hosts and the schemes.
    ///
    /// ```swift
    /// @MainActor func androidFilters(center: DispatchCenter) throws -> String {
    ///     let filter = try AndroidIntentFilter(
    ///         for: center.routeManifest(), hosts: ["test.com"], schemes: ["cono"])
    ///     for note in filter.approximations { print("note: \(note)") }
    ///     return filter.xmlString()  // the https filter, then the cono: one
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - manifest: The app's routes (``DispatchKit/DispatchCenter/routeManifest()``).
    ///   - hosts: The hosts of the App Links, as ``init(for:hosts:syntax:)`` takes them; may be
    ///     empty when `schemes` is not.
    ///   - schemes: The app's own URL schemes, `cono` for `cono://…` links: a letter, then letters,
    ///     digits, `+`, `-` or `.`, in either case (written lowercased), without `:`. Not `http` or
    ///     `https` (their links are App Links, for `hosts`), nor `javascript`, `data` or `file`.
    ///   - syntax: Where patterns go, as for ``init(for:hosts:syntax:)``.
    /// - Throws: ``LinkFileError`` for a host or a scheme that is not one, one given twice, or
    ///   neither a host nor a scheme.
    /// - Complexity: That of ``init(for:hosts:syntax:)`` once for the hosts and once per scheme.
    public init(
        for manifest: RouteManifest, hosts: [String], schemes: [String], syntax: Syntax = .pathPattern
    ) throws(LinkFileError) {
        guard !hosts.isEmpty || !schemes.isEmpty else { throw .noHostOrScheme }
        let domains = try hosts.isEmpty ? [] : LinkDomain.domains(hosts, as: .host)
        self.init(
            manifest: manifest, domains: domains, schemes: try Self.checkedSchemes(schemes), syntax: syntax)
    }

    /// Generates the filters for hosts already checked (`LinkDomain.domains(_:as:)`).
    package init(manifest: RouteManifest, domains: [LinkDomain], syntax: Syntax) {
        self.init(manifest: manifest, domains: domains, schemes: [], syntax: syntax)
    }

    /// Generates the filters for hosts and schemes already checked (`LinkDomain.domains(_:as:)`,
    /// `checkedSchemes(_:)`): the App Links filters when `domains` is not empty, then each scheme's.
    package init(manifest: RouteManifest, domains: [LinkDomain], schemes: [String], syntax: Syntax) {
        self.hosts = domains.map(\.description)
        self.schemes = schemes
        self.syntax = syntax
        var parts: [(label: String, filters: [Filter], notes: [LinkApproximation])] = []
        if !domains.isEmpty {
            let builder = Builder(manifest: manifest, scheme: "https", domains: domains, syntax: syntax)
            parts.append(("https", builder.filters(), builder.notes()))
        }
        for scheme in schemes {
            let builder = Builder(
                manifest: manifest, scheme: scheme, domains: Self.domains(of: manifest, scheme: scheme),
                syntax: syntax)
            parts.append((scheme, builder.filters(), builder.notes()))
        }
        self.filters = parts.flatMap(\.filters)
        self.partsClaimingNothing = parts.filter(\.filters.isEmpty).map(\.label)
        self.approximations = Self.merged(parts.map { ($0.label, $0.notes) })
    }

    /// Whether the filters open no link in the app: no route that universal links reach matches
    /// `https` URLs on the hosts, no route that other apps reach matches URLs of the schemes, and
    /// ``xmlString()`` is empty. Shipping that is almost always a mistake; `dispatch-manifest
    /// android` warns and exits 1, and does so too for the App Links or a scheme alone when its
    /// filters claim nothing.
    public var claimsNothing: Bool {
        filters.isEmpty
    }
}

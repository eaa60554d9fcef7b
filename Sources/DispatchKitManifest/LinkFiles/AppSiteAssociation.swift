import DispatchKit
import Foundation

/// The `applinks` section of an `apple-app-site-association` file, generated from a
/// ``RouteManifest``: the universal links iOS (13 and later) opens in the app.
///
/// The file lists, in the `components` form, the paths of the routes whose activities universal
/// links reach (``RouteManifest/Exposure/admitsUniversalLinks``) on the domains it is served on, as
/// exactly as the format allows. Components are read in order and the first that matches decides,
/// so the generator writes, from the longest paths to the shortest and within one length in the
/// router's precedence:
///
/// - an inclusion per form of each exposed route: a literal segment percent-encoded as Foundation
///   writes URLs, a parameter as `?*` (one or more characters), a value list `<a|b>` as one
///   inclusion per value;
/// - before it, the exclusions that stop a `?*` from spanning several segments: `/product/?*/?*`
///   before `/product/?*`, so that `/product/42/extra` is not claimed (nor `/product/`, which `?*`
///   does not match);
/// - an exclusion per form of each route that universal links do not reach, where an exposed
///   route's inclusion would claim its URLs;
/// - for a trailing `*`, the route without it and with one or more segments after it.
///
/// Links are matched as the router reads them:
///
/// - **A trailing slash.** The router drops it, so each component that ends in a literal (or a
///   `?`) is followed by the same pattern with `/` added: `/settings/privacy/` is claimed, and the
///   slashed forms of internal routes are excluded where their forms without it are.
/// - **Escapes in either case.** The router decodes `%3f` like `%3F`, while iOS compares the
///   percent-encoded path case-sensitively: a literal or a value with escapes is listed in every
///   mix of cases of its hexadecimal letters (`e%3Ff`, `e%3ff`), or, past two letters, in
///   all-uppercase and all-lowercase, with a note.
/// - **Glob characters in values.** A percent-encoded path holds no raw `?`, so only a value's
///   `*` meets a wildcard, and the format has no escape: `c*d` is written `c?d` (one character,
///   with the slash it could match excluded), and noted.
/// - **An encoded slash.** `?*` takes `a%2Fb` as the router does, as one segment.
///
/// What the format cannot say exactly is claimed rather than refused, and listed in
/// ``approximations``: `<int>` is any segment, `<uuid>` any 36 characters with hyphens where a
/// UUID has them, a value's `*` any one character, a route not exposed whose URLs the format
/// cannot single out (a typed parameter, a value with `*`) is not excluded, and registration order
/// (which a manifest does not record) is assumed to favour the exposed route. Links the router
/// normalizes further are compared as written: an empty segment (`a//b`), more than one trailing
/// slash, a dot segment, an escape of a character Foundation writes as itself (`%61`).
/// Classes with their own `isHit` and the center's fallback are not described (a class with its
/// own `isHit` gets a note).
///
/// Schemes: only `https` URLs are universal links, so routes with another scheme are left out, and
/// routes of another host than the file's domains too. When nothing is left to claim,
/// ``claimsNothing`` says so.
///
/// The document (``jsonString()``) is `{"applinks": {"details": [{"appIDs": …, "components": …}]}}`;
/// `caseSensitive` and `percentEncoded` keep their documented defaults (both `true`), which is how
/// the router compares paths. The notes are not part of the file.
public struct AppSiteAssociation: Codable, Sendable, Hashable {
    /// The apps that open the links, `TEAMID.bundle.identifier`.
    public var appIDs: [String]
    /// The patterns, in the order iOS reads them.
    public var components: [Component]
    /// Where the file claims more or fewer URLs than the app takes, one note per route and reason.
    /// Not part of the file (not encoded).
    public var approximations: [LinkApproximation]

    /// One entry of `components`: a path pattern, claimed or excluded.
    public struct Component: Codable, Sendable, Hashable {
        /// The pattern for the URL's path (the `"/"` key): `*` any run of characters, `?` one.
        public var path: String
        /// Whether a URL that matches stays in the browser (`"exclude": true`).
        public var isExcluded: Bool
        /// What the pattern stands for; the system ignores it.
        public var comment: String?

        /// A component.
        public init(path: String, isExcluded: Bool = false, comment: String? = nil) {
            self.path = path
            self.isExcluded = isExcluded
            self.comment = comment
        }

        private enum CodingKeys: String, CodingKey {
            case path = "/"
            case isExcluded = "exclude"
            case comment
        }

        /// Reads a component; a missing `exclude` is `false`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(String.self, forKey: .path)
            isExcluded = try container.decodeIfPresent(Bool.self, forKey: .isExcluded) ?? false
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
        }

        /// Writes a component; `exclude` only when it is `true`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            if isExcluded { try container.encode(true, forKey: .isExcluded) }
            try container.encodeIfPresent(comment, forKey: .comment)
        }
    }

    /// A file with these components and no notes.
    public init(appIDs: [String], components: [Component]) {
        self.appIDs = appIDs
        self.components = components
        self.approximations = []
    }

    /// Generates the file for `manifest`, after checking what it is for.
    ///
    /// ```swift
    /// @MainActor func publish(center: DispatchCenter) throws -> Data {
    ///     let association = try AppSiteAssociation(
    ///         for: center.routeManifest(), appIDs: ["ABCDE12345.com.example.app"], domains: ["test.com"])
    ///     if association.claimsNothing { print("warning: the file opens no link in the app") }
    ///     return association.json()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - manifest: The app's routes (``DispatchKit/DispatchCenter/routeManifest()``).
    ///   - appIDs: The apps that open the links, `TEAMID.bundle.identifier`: a team ID of 10
    ///     uppercase letters or digits, a dot, a bundle ID.
    ///   - domains: The hosts that serve this file: a host name (`test.com`, or a Unicode name,
    ///     written in its punycode form), or `*.test.com` for every subdomain of `test.com` (not
    ///     `test.com` itself), as the Associated Domains entitlement writes them. A `//host/…`
    ///     route is described when its host is on one of them; when the file serves other hosts
    ///     too, it claims the route's paths on all of them, and a note says so.
    /// - Throws: ``LinkFileError`` for an app ID or a domain that is not one (a URL such as
    ///   `https://test.com`, a port, an `applinks:` prefix), one given twice, or none.
    /// - Complexity: O(*r*² × *s*) for *r* route forms of up to *s* segments.
    public init(for manifest: RouteManifest, appIDs: [String], domains: [String]) throws(LinkFileError) {
        let appIDs = try Self.checkedAppIDs(appIDs)
        let domains = try LinkDomain.domains(domains, as: .domain)
        self.init(manifest: manifest, appIDs: appIDs, linkDomains: domains)
    }

    /// Generates the file for app IDs and domains already checked (`checkedAppIDs(_:)`,
    /// `LinkDomain.domains(_:as:)`).
    package init(manifest: RouteManifest, appIDs: [String], linkDomains: [LinkDomain]) {
        var builder = Builder(manifest: manifest, domains: linkDomains)
        builder.build()
        self.appIDs = appIDs
        self.components = builder.components
        self.approximations = builder.notes
    }

    /// The largest `apple-app-site-association` file iOS reads: 128 KB (131,072 bytes), as Apple's
    /// App Search Programming Guide ("Support Universal Links") documents. A larger file is not
    /// read, and no link opens the app.
    ///
    /// The trailing-slash twins and the case forms of escapes add components, several per route:
    /// compare ``json()``'s size with this before serving the file (`dispatch-manifest aasa` warns
    /// and exits 1 past it).
    public static let maximumFileSize = 128 * 1024

    /// Whether the file opens no link in the app: no route that universal links reach matches
    /// `https` URLs on its domains (`"components": []`, or exclusions only). Serving such a file
    /// is almost always a mistake; `dispatch-manifest aasa` warns and exits 1.
    public var claimsNothing: Bool {
        components.allSatisfy(\.isExcluded)
    }

    private enum CodingKeys: String, CodingKey {
        case applinks
    }

    private enum AppLinksKeys: String, CodingKey {
        case details
    }

    private enum DetailsKeys: String, CodingKey {
        case appIDs
        case components
    }

    /// Reads a file with one `details` entry; the notes are empty.
    public init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: CodingKeys.self)
        let applinks = try root.nestedContainer(keyedBy: AppLinksKeys.self, forKey: .applinks)
        var details = try applinks.nestedUnkeyedContainer(forKey: .details)
        guard details.count == 1 else {
            throw DecodingError.dataCorruptedError(
                in: details, debugDescription: "expected one entry in details, found \(details.count ?? 0)")
        }
        let entry = try details.nestedContainer(keyedBy: DetailsKeys.self)
        self.init(
            appIDs: try entry.decode([String].self, forKey: .appIDs),
            components: try entry.decode([Component].self, forKey: .components))
    }

    /// Writes the file (without the notes).
    public func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: CodingKeys.self)
        var applinks = root.nestedContainer(keyedBy: AppLinksKeys.self, forKey: .applinks)
        var details = applinks.nestedUnkeyedContainer(forKey: .details)
        var entry = details.nestedContainer(keyedBy: DetailsKeys.self)
        try entry.encode(appIDs, forKey: .appIDs)
        try entry.encode(components, forKey: .components)
    }
}

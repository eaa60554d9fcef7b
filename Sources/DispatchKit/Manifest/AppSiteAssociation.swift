import Foundation

/// The `applinks` section of an `apple-app-site-association` file, generated from a
/// ``RouteManifest``: the universal links iOS (13 and later) opens in the app.
///
/// The file lists, in the `components` form, the paths of the routes whose activities universal
/// links reach (``RouteManifest/Exposure/admitsUniversalLinks``) on the domain it is served on, as
/// exactly as the format allows. Components are read in order and the first that matches decides,
/// so the generator writes, from the longest paths to the shortest and within one length in the
/// router's precedence:
///
/// - an inclusion per form of each exposed route: a literal segment as itself (percent-encoded as
///   Foundation writes URLs), a parameter as `?*` (one or more characters), a value list
///   `<a|b>` as one inclusion per value;
/// - before it, the exclusions that stop a `?*` from spanning several segments: `/product/?*/?*`
///   before `/product/?*`, so that `/product/42/extra` is not claimed (nor `/product/`, which `?*`
///   does not match);
/// - an exclusion per form of each route that universal links do not reach, where an exposed
///   route's inclusion would claim its URLs;
/// - for a trailing `*`, the route without it and with one or more segments after it.
///
/// What the format cannot say exactly is claimed rather than refused, and listed in
/// ``approximations``: `<int>` is any segment, `<uuid>` any 36 characters with hyphens where a
/// UUID has them, a route not exposed whose URLs the format cannot single out (a typed
/// parameter) is not excluded, and registration order (which a manifest does not record) is
/// assumed to favour the exposed route. Paths are matched as their canonical form: an empty
/// segment (`a//b`), a trailing slash, a dot segment or a percent-escape that Foundation would
/// not write (`%61`, `%c3%a9`) is compared as written, where the router normalizes it first.
/// Classes with their own `isHit` and the center's fallback are not described (a class with its
/// own `isHit` gets a note).
///
/// Schemes: only `https` URLs are universal links, so routes with another scheme are left out, and
/// routes of another host than the file's domains too.
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

    /// Generates the file for `manifest`.
    ///
    /// - Parameters:
    ///   - manifest: The app's routes (``DispatchCenter/routeManifest()``).
    ///   - appIDs: The apps that open the links, `TEAMID.bundle.identifier`.
    ///   - domains: The hosts that serve this file (`test.com`). A `//host/…` route is described
    ///     when its host is one of them; when it is one of several, the file claims its paths on
    ///     all of them, and a note says so.
    /// - Complexity: O(*r*² × *s*) for *r* route forms of up to *s* segments.
    public init(manifest: RouteManifest, appIDs: [String], domains: [String]) {
        var builder = Builder(manifest: manifest, domains: domains.map { $0.lowercased() })
        builder.build()
        self.appIDs = appIDs
        self.components = builder.components
        self.approximations = builder.notes
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

/// The web domains whose `https` links the app accepts as universal links: the `applinks:` entries
/// of its Associated Domains entitlement.
///
/// iOS opens the app for a universal link only on a domain the entitlement lists and whose
/// `apple-app-site-association` file names the app. The center checks the host once more before
/// dispatching, so that a `webpageURL` handed over by any other path (Handoff, a test, a bug) cannot
/// act as a universal link from a domain the app never declared.
///
/// Entries follow the entitlement's format: `applinks:` is optional, a `:port` and a `?mode=`
/// suffix (`developer`, `managed`, `developer+managed`) are accepted, and `*.` before a domain
/// stands for every subdomain of it, at any depth. As on iOS, `*.test.com` does not cover
/// `test.com` itself: list both. Hosts compare case-insensitively and whole labels only:
/// `eviltest.com` is not a subdomain of `test.com`, and neither are `a..test.com` and
/// `..test.com`, whose empty label is no label.
///
/// The entries the app declares in its code are an array literal. An invalid one is a programmer
/// error: assigned to a center, it is reported through the center's
/// ``DispatchCenter/configurationErrorHandler`` (which stops a debug build) and left out. Entries
/// that arrive at run time (a configuration file) go through ``init(_:)``, which throws:
///
/// ```swift
/// @MainActor func declareDomains(center: DispatchCenter) {
///     center.associatedDomains = ["applinks:test.com", "applinks:*.test.com"]
/// }
///
/// @MainActor func declareDomains(center: DispatchCenter, configured entries: [String]) throws {
///     center.associatedDomains = try AssociatedDomains(entries)
/// }
/// ```
public struct AssociatedDomains: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One declared domain.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The domain, lowercased, without `*.` or port.
        public let domain: String
        /// Whether the entry was `*.domain`: every subdomain of `domain`, and not `domain` itself.
        public let coversSubdomains: Bool
        /// The port the entry names, or `nil` for the default port of `https` (443).
        public let port: Int?

        /// `*.test.com`, `test.com:8443`: the entry as a host pattern.
        public var description: String {
            (coversSubdomains ? "*." : "") + domain + (port.map { ":\($0)" } ?? "")
        }

        /// Whether a link to `host` on `port` falls under this entry.
        package func covers(host: String, port linkPort: Int?) -> Bool {
            covers(host: host, port: linkPort ?? 443, defaultPort: 443)
        }

        /// Whether a link to `host` on `port` falls under this entry, for a scheme whose default
        /// port, which an entry without a port names, is `defaultPort`.
        // Out of line: each caller held a copy of the label comparison (0.9 KB of an app).
        @inline(never)
        func covers(host: String, port linkPort: Int, defaultPort: Int) -> Bool {
            guard linkPort == (port ?? defaultPort) else { return false }
            guard coversSubdomains else { return host == domain }
            // Whole labels only: the character before the domain must be the dot that ends a label.
            let utf8 = host.utf8
            guard utf8.count > domain.utf8.count + 1, host.hasSuffix("." + domain) else { return false }
            // And labels only: `a..test.com` and `..test.com` hold an empty label, which names no
            // subdomain (the entry parser refuses `test..com` by the same rule).
            return AssociatedDomains.hasOnlyNonEmptyLabels(utf8.prefix(utf8.count - domain.utf8.count - 1))
        }
    }

    /// An entry that is not a valid Associated Domains entry for universal links.
    public struct InvalidEntry: Error, Sendable, Hashable, CustomStringConvertible {
        /// The entry as written.
        public let entry: String
        /// What is wrong with it, in plain words.
        public let problem: String

        /// `invalid associated domain "webcredentials:test.com": …`.
        public var description: String { "invalid associated domain \"\(entry)\": \(problem)" }
    }

    /// The declared domains, in the order given.
    public let entries: [Entry]

    /// The entries of an array literal that are invalid, left out of ``entries``: the center they
    /// are assigned to reports them. Always empty for a value made with ``init(_:)``, which throws.
    /// Not part of the value's equality: two values that admit the same links are equal.
    let invalidEntries: [InvalidEntry]

    /// Whether both declare the same domains, in the same order. The invalid entries a literal left
    /// out do not count: they admit nothing.
    public static func == (lhs: AssociatedDomains, rhs: AssociatedDomains) -> Bool {
        lhs.entries == rhs.entries
    }

    /// Hashes the declared domains, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
    }

    /// No domain: every universal link is refused. The default of a center.
    public static let none = AssociatedDomains(entries: [], invalidEntries: [])

    private init(entries: [Entry], invalidEntries: [InvalidEntry]) {
        self.entries = entries
        self.invalidEntries = invalidEntries
    }

    /// Reads the entries the app's code declares: `["applinks:test.com", "applinks:*.test.com"]`.
    ///
    /// A literal cannot throw: an invalid entry is left out, and when the value is assigned to
    /// ``DispatchCenter/associatedDomains``, the center reports it as
    /// ``DispatchConfigurationError/invalidAssociatedDomain(_:)`` through its
    /// ``DispatchCenter/configurationErrorHandler``, which stops a debug build. Use ``init(_:)``
    /// for entries that are not written in the code.
    ///
    /// - Parameter elements: Entries as ``init(_:)`` reads them.
    public init(arrayLiteral elements: String...) {
        var parsed: [Entry] = []
        var invalid: [InvalidEntry] = []
        for element in elements {
            do throws(InvalidEntry) {
                parsed.appendOffThePath(try Self.entry(element))
            } catch {
                invalid.appendOffThePath(error)
            }
        }
        self.init(entries: parsed, invalidEntries: invalid)
    }

    /// Reads the entries of an Associated Domains entitlement.
    ///
    /// - Parameter entries: Entries such as `"applinks:test.com"`, `"*.test.com"`,
    ///   `"applinks:staging.test.com:8443?mode=developer"`.
    /// - Throws: ``InvalidEntry`` for the first entry that is not a domain for universal links:
    ///   another service (`webcredentials:`), an unknown mode, a path, or an invalid host.
    public init(_ entries: [String]) throws(InvalidEntry) {
        var parsed: [Entry] = []
        parsed.reserveCapacity(entries.count)
        for entry in entries {
            parsed.appendOffThePath(try Self.entry(entry))
        }
        self.init(entries: parsed, invalidEntries: [])
    }

    /// Whether `url` is on one of the declared domains (host and port; the scheme is the
    /// caller's to check).
    public func contains(_ url: DispatchURL) -> Bool {
        guard let host = url.host else { return false }
        return entries.contains { $0.covers(host: host, port: url.port) }
    }

    /// `test.com, *.test.com`.
    public var description: String {
        entries.isEmpty ? "(none)" : entries.map(\.description).joined(separator: ", ")
    }

    /// Whether `name` is labels separated by dots, none of them empty: `a.b`, not `a..b`, `.a`,
    /// `a.` or an empty name. The one rule for hosts, declared (`test..com`) or linked to
    /// (`a..test.com` under `*.test.com`).
    static func hasOnlyNonEmptyLabels(_ name: some Collection<UInt8>) -> Bool {
        var previous = UInt8(ascii: ".")
        for byte in name {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return false }
            previous = byte
        }
        return previous != UInt8(ascii: ".")
    }

    // Arrays, not sets: a few words each, and a `Set<Substring>` cost every app its own copy of
    // the set code.
    private static let modes: [Substring] = ["developer", "managed", "developer+managed"]
    /// The services of the entitlement: a prefix that names another one is a mistake, while any
    /// other text before a colon is a host with a port (`localhost:8443`).
    private static let services: [Substring] = [
        "applinks", "webcredentials", "activitycontinuation", "appclips",
    ]

    /// One entry, as ``init(_:)`` reads it; also the web hosts of ``LinkOrigins``.
    static func entry(_ text: String) throws(InvalidEntry) -> Entry {
        func invalid(_ problem: String) -> InvalidEntry { InvalidEntry(entry: text, problem: problem) }
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":"), services.contains(rest[..<colon]) {
            guard rest[..<colon] == "applinks" else {
                throw invalid("the \(rest[..<colon]) service is not for universal links (applinks)")
            }
            rest = rest[rest.index(after: colon)...]
        }
        if let question = rest.firstIndex(of: "?") {
            let mode = rest[rest.index(after: question)...]
            guard mode.hasPrefix("mode="), modes.contains(mode.dropFirst("mode=".count)) else {
                throw invalid("\"?\(mode)\" is not a mode (developer, managed or developer+managed)")
            }
            rest = rest[..<question]
        }
        let coversSubdomains = rest.hasPrefix("*.")
        if coversSubdomains { rest = rest.dropFirst(2) }
        guard !rest.isEmpty else { throw invalid("no domain") }
        guard !rest.contains("*") else { throw invalid("a wildcard may only start the entry, as \"*.\"") }
        guard !rest.contains(where: { "/#@[]".contains($0) }) else {
            throw invalid("a domain has no path, fragment, user or IP address")
        }
        guard !rest.hasSuffix(":") else { throw invalid("a colon without a port") }
        // The URL parser validates and lowercases the host and reads the port, as it would for a link.
        let parsed: DispatchURL
        do throws(DispatchURLError) {
            parsed = try DispatchURL(string: "https://" + rest)
        } catch {
            throw invalid("\(error)")
        }
        guard let host = parsed.host, parsed.paths.isEmpty, parsed.rawQuery == nil,
            hasOnlyNonEmptyLabels(host.utf8)
        else {
            throw invalid("not a host name")
        }
        if let port = parsed.port, !(1...65_535).contains(port) {
            throw invalid("port \(port) is not 1 to 65535")
        }
        return Entry(domain: host, coversSubdomains: coversSubdomains, port: parsed.port)
    }
}

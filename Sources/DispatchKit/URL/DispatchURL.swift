import Foundation

/// A URL parsed once, strictly, into the parts a router reads.
///
/// `DispatchURL` is what every ``DispatchActivity/isHit(url:)`` receives: the string is parsed a
/// single time and every candidate shares the result. Parsing follows RFC 3986 with the rules a
/// router needs (see <doc:URLRules>):
///
/// - ``scheme`` and ``host`` are lowercased; ``paths`` and the query are case-sensitive.
/// - A Unicode host is given in its ASCII form (`bücher.de` is `xn--bcher-kva.de`), as
///   Foundation's `URL` gives it.
/// - ``paths`` are the path split on `/` *before* percent-decoding (`a%2Fb` is one segment
///   `"a/b"`), with empty segments dropped and `.`/`..` (also `%2e`) resolved, never above the root;
///   ``rawPath`` and ``rawPathSegments`` give the path as it arrived.
/// - In the query, `+` is a space; ``queryItems`` keep order and duplicates; ``query`` keeps the
///   first value of each name, and `?flag` gives `""`.
/// - Raw non-ASCII is accepted as characters (`app://x/中文` has `paths == ["中文"]`).
/// - Relative references (`/mine_home?uid=1`) parse with `scheme == nil`.
/// - A path right after the scheme, without `//` or a leading `/` (`mailto:a@b.c`,
///   `javascript:alert(1)`), splits into ``paths`` like any other and is written back without a
///   leading `/`; such a URL is not equal to the one with the slash.
///
/// Anything else is rejected with a ``DispatchURLError`` that says what is wrong and where:
/// empty input, whitespace or control characters, malformed percent-escapes, escapes that are not
/// UTF-8, `%00`, a bad host or port, and input over the ``Limits``. Parsing never traps and takes
/// time linear in the length of the input.
///
/// ```swift
/// let url = try DispatchURL(string: "cono://Test.com/mine_home/../settings_home?uid=42&tab=a+b")
/// print(url.scheme ?? "-", url.host ?? "-")  // cono test.com
/// print(url.paths)  // ["settings_home"]
/// print(url.query)  // ["uid": "42", "tab": "a b"]
/// ```
///
/// Two `DispatchURL`s are equal when their parsed parts are equal, so `app://X/a%41` equals
/// `app://x/aA`. ``description`` is the normalised form, and parsing it again gives an equal value.
public struct DispatchURL: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, lowercased (`"cono"`), or `nil` for a relative reference.
    public let scheme: String?
    /// The decoded user information (`user:password`); kept only so that ``description`` and
    /// ``url`` say the same thing as the input. Routers should not trust it.
    ///
    /// A URL without an authority has no user information, so there it carries another fact:
    /// `""` marks an opaque path (see ``hasOpaquePath``). That costs the common URL nothing: no
    /// field to store, and `==` and `hash(into:)` already compare it.
    package let userinfo: String?
    /// The host, percent-decoded and lowercased, or `nil` if the URL has no authority or an empty
    /// one (`file:///x`). An IPv6 literal is given without its brackets (`"::1"`).
    ///
    /// A host with non-ASCII characters is given in its ASCII form, the one browsers (WHATWG URL)
    /// and Foundation's `URL` give it: each label that holds non-ASCII is lowercased, put in NFC
    /// and written as `xn--` and its Punycode (RFC 3492), so `bücher.de`, `BÜCHER.de`,
    /// `b%C3%BCcher.de` and `xn--bcher-kva.de` are all `"xn--bcher-kva.de"`, and a link reaches
    /// the same route whether it arrives as text or as a `URL`. Pattern hosts take the same form.
    /// A label whose ASCII form would be over 63 bytes is an invalid host. No other mapping is
    /// made: lookalikes (`gооd.com` in Cyrillic) and fullwidth letters stay different hosts.
    public let host: String?
    /// The port, if the authority names one.
    public let port: Int?
    /// Whether ``tail`` starts with the path as written (see ``rawPath``). Declared after ``port``
    /// so that it takes a byte of that field's padding: the usual URL stores nothing more for it.
    let tailHoldsPath: Bool
    /// The decoded path segments; see the type's discussion for the rules.
    ///
    /// Routes match these. Two paths that differ only in an empty segment or in how a character is
    /// escaped have the same `paths`; ``rawPath`` and ``rawPathSegments`` tell them apart.
    public let paths: [String]

    /// The path as it arrived: the text between the authority (or the scheme's `:`) and the `?`,
    /// `#` or the end, with its escapes, empty segments and dot segments as written.
    ///
    /// ``paths`` drop empty segments, so `/wiki//%C3%A6/_raising` and `/wiki/%C3%A6/_raising`, two
    /// different wiki titles, are one URL to a route: both have `paths == ["wiki", "æ", "_raising"]`.
    /// Routes keep matching on ``paths``, and `==`, `hash(into:)` and ``description`` ignore the
    /// raw path; an activity that must tell such paths apart reads this (or ``rawPathSegments``).
    ///
    /// ```swift
    /// let url = try DispatchURL(string: "https://en.wikipedia.org/wiki//%C3%A6/_raising")
    /// print(url.paths)  // ["wiki", "æ", "_raising"]
    /// print(url.rawPath)  // /wiki//%C3%A6/_raising
    /// print(url.rawPathSegments)  // ["wiki", "", "%C3%A6", "_raising"]
    /// ```
    ///
    /// - No path (`app://x`, `app://x?q=1`) is `""`; the root (`app://x/`) is `"/"`.
    /// - A path without a leading `/` is given without one: `"a/b"` for `app:a/b` and for the
    ///   relative reference `a/b`.
    /// - The host, port and query are never part of it.
    /// - A URL parsed from a Foundation `URL` has the path of the URL's `absoluteString`, which
    ///   Foundation may have escaped (`URL(string:)` writes `æ` as `%C3%A6`).
    /// - A URL the center builds (a redirect rule's target, a URL built from a pattern or a typed
    ///   link) was never written: its raw path is ``paths`` written as ``description`` writes them.
    ///
    /// - Complexity: O(*p*) in the length of the path, on each read: a path that holds an escape,
    ///   an empty segment or a dot segment is kept as written when parsed, any other is written
    ///   from ``paths``.
    public var rawPath: String { storedRawPath ?? writtenPath }

    /// The segments of ``rawPath``: split on `/`, empty segments kept, nothing decoded.
    ///
    /// The `/` a path starts with separates nothing, so `/wiki//%C3%A6/_raising` gives
    /// `["wiki", "", "%C3%A6", "_raising"]`. A trailing `/` gives a trailing `""` (`/a/` gives
    /// `["a", ""]` and `/` gives `[""]`); no path gives `[]`. `.` and `..` are kept, and `%2F` is
    /// not a separator. Dropping the empty segments, decoding the others and resolving `.` and `..`
    /// gives ``paths``.
    ///
    /// - Complexity: O(*p*) in the length of the path, on each read.
    public var rawPathSegments: [String] {
        // (A kept path is never empty: no path is written back as no path.)
        guard let storedRawPath else { return writtenSegments }
        var path = Substring(storedRawPath).utf8
        if path.first == .slash { path = path.dropFirst() }
        // Split on the byte: a "/" followed by a combining mark is one Character, but still the
        // separator the parser split on.
        return path.split(separator: .slash, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
    /// The query as written after `?` (validated, still encoded), or `nil` if there is none.
    /// Decoded only when read: most activities never look at the query. Cut from ``tail`` on each
    /// read when that holds the path too, which the usual URL's does not.
    package var rawQuery: String? {
        guard tailHoldsPath, let tail else { return tail }
        return tail.utf8.firstIndex(of: .questionMark).map { String(tail[tail.utf8.index(after: $0)...]) }
    }

    /// The path as written, when that is not what ``paths`` write back (``rawPath``), else `nil`.
    var storedRawPath: String? {
        guard tailHoldsPath, let tail else { return nil }
        return tail.utf8.firstIndex(of: .questionMark).map { String(tail[..<$0]) } ?? tail
    }

    /// The query as written (``rawQuery``), or, when ``tailHoldsPath``, the text from the start of
    /// the path to the end of the query: the path as written, then `?` and the query if there is
    /// one (a path holds no `?`). One field for both, so that the usual URL, whose path is not
    /// kept, is no larger and costs no more to make, copy and free.
    let tail: String?

    /// The decoded query items in order, duplicates kept. `?flag` has a `nil` value, `?flag=` an
    /// empty one.
    ///
    /// - Complexity: O(*q*) in the length of the query: decoded on each read, so keep the result
    ///   if you read it often (``DispatchActivity/query`` does).
    public var queryItems: [URLQueryItem] { rawQuery.map(URLParser.queryItems(in:)) ?? [] }
    /// The decoded fragment (without `#`), or `nil` if there is none.
    public let fragment: String?

    /// Parses and validates a URL string.
    ///
    /// - Parameters:
    ///   - string: Any string; absolute URLs (`cono://test.com/mine_home?uid=42`), URLs without an
    ///     authority (`app:path`) and relative references (`/mine_home`) are accepted.
    ///   - limits: Size bounds; inputs over them are rejected.
    /// - Throws: ``DispatchURLError`` naming what is wrong and where.
    /// - Complexity: O(*n*) in the length of `string`.
    public init(string: String, limits: Limits = .default) throws(DispatchURLError) {
        self = try URLParser.parse(string, limits: limits)
    }

    /// Parses a Foundation `URL` (its `absoluteString`) with the same rules as ``init(string:limits:)``.
    ///
    /// - Throws: ``DispatchURLError``; Foundation accepts strings this type rejects.
    public init(_ url: URL, limits: Limits = .default) throws(DispatchURLError) {
        try self.init(string: url.absoluteString, limits: limits)
    }

    /// A URL from its parts (the query as written), with no path as written: its ``rawPath`` is
    /// ``paths`` written.
    package init(
        scheme: String?, userinfo: String? = nil, host: String?, port: Int?, paths: [String],
        query: String?, fragment: String?
    ) {
        self.init(
            scheme: scheme, userinfo: userinfo, host: host, port: port, paths: paths, tail: query,
            tailHoldsPath: false, fragment: fragment)
    }

    /// A URL from its parts as parsed; see ``tail``.
    init(
        scheme: String?, userinfo: String?, host: String?, port: Int?, paths: [String], tail: String?,
        tailHoldsPath: Bool, fragment: String?
    ) {
        self.scheme = scheme
        self.userinfo = userinfo
        self.host = host
        self.port = port
        self.tailHoldsPath = tailHoldsPath
        self.paths = paths
        self.tail = tail
        self.fragment = fragment
    }

    /// A URL from decoded parts (URL building); the items are encoded into the query text.
    package init(scheme: String?, host: String?, paths: [String], queryItems: [URLQueryItem]) {
        self.init(
            scheme: scheme, host: host, port: nil, paths: paths,
            query: queryItems.isEmpty ? nil : Self.encodedQuery(queryItems, asciiOnly: false), fragment: nil)
    }

    /// Equal when the decoded parts are equal (`?a=%41` equals `?a=A`).
    public static func == (lhs: DispatchURL, rhs: DispatchURL) -> Bool {
        lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.port == rhs.port && lhs.paths == rhs.paths
            && lhs.fragment == rhs.fragment && lhs.userinfo == rhs.userinfo
            && (lhs.rawQuery == rhs.rawQuery || lhs.queryItems == rhs.queryItems)
    }

    /// Hashes the decoded parts, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scheme)
        hasher.combine(host)
        hasher.combine(port)
        hasher.combine(paths)
        hasher.combine(fragment)
        hasher.combine(userinfo)
        hasher.combine(queryItems)
    }

    /// Whether the path was written without a leading `/` after a scheme and no authority
    /// (`mailto:a@b.c`, `javascript:alert(1)`: RFC 3986's rootless path), so that ``description``
    /// writes it back that way. ``paths`` are the same either way; only a non-empty path is opaque.
    package var hasOpaquePath: Bool { host == nil && userinfo != nil }

    /// An opaque path's URL: the marker ``userinfo`` holds where there is no authority.
    static func opaque(
        scheme: String, paths: [String], tail: String?, tailHoldsPath: Bool, fragment: String?
    ) -> DispatchURL {
        DispatchURL(
            scheme: scheme, userinfo: "", host: nil, port: nil, paths: paths, tail: tail,
            tailHoldsPath: tailHoldsPath, fragment: fragment)
    }

    /// The first path segment (`"mine_home"` in `cono://test.com/mine_home/x`), or `nil`.
    public var firstPath: String? { paths.first }

    /// The query as a dictionary: the first value of each name wins, and a name without a value
    /// (`?flag`) maps to `""`.
    ///
    /// - Complexity: O(*q*) for *q* query items; read ``queryItems`` for order and duplicates.
    public var query: [String: String] {
        // Read once: each read of `queryItems` decodes the query again.
        let items = queryItems
        var query = [String: String](minimumCapacity: items.count)
        for item in items where query[item.name] == nil {
            query[item.name] = item.value ?? ""
        }
        return query
    }

    /// The normalised URL: lowercased scheme and host, resolved dot segments, and percent-escapes
    /// only where a character would otherwise change the meaning. Raw non-ASCII stays readable.
    public var description: String { serialized(asciiOnly: false) }

    /// The Foundation view of the same URL (fully percent-encoded), for APIs that take a `URL`.
    public var url: URL {
        // The serialised form is RFC 3986 ASCII, which Foundation always accepts; the fallback
        // only exists so that no input can ever turn into a trap here.
        URL(string: serialized(asciiOnly: true)) ?? URL(fileURLWithPath: "/")
    }
}

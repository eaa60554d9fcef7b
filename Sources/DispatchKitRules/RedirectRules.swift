import DispatchKit

/// Hot-fix and downgrade rules, delivered as JSON: "send these URLs elsewhere, for these app
/// versions, while this flag is on".
///
/// A rule pairs a `RoutePattern` with a target pattern. When a URL matches the pattern and the
/// rule's condition holds, the target is built from what the pattern captured, and the URL is
/// dispatched there instead: a native page that crashes in 3.1.x goes to its web version, a
/// retired path goes to its successor.
///
/// ```swift
/// func redirectProductLink(rulesJSON downloadedData: Data) throws {
///     let rules = try RedirectRules(json: downloadedData)
///     let environment = RedirectRules.Environment(
///         appVersion: RedirectRules.Version("3.1.2"), flags: ["product-page-broken"])
///     let url = try DispatchURL(string: "cono://test.com/product/42?from=push")
///     print(rules.redirect(for: url, in: environment) as Any)
///     // (url: https://m.test.com/p/42?from=push, rule: 0)
/// }
/// ```
///
/// ## The JSON format
/// ```json
/// {
///   "version": 2,
///   "rules": [
///     {
///       "pattern": "cono://test.com/product/:id",
///       "target": "https://m.test.com/p/:id",
///       "when": { "appVersion": { "min": "3.1.0", "max": "3.1.4" }, "flag": "product-page-broken" },
///       "note": "3.1.x crashes on the native product page; send it to H5"
///     },
///     { "pattern": "/old/help/*", "target": "/help/*", "retired": true }
///   ]
/// }
/// ```
/// - The document is a UTF-8 JSON object of at most 1 MiB (``maximumDocumentSize``) with
///   `"rules"`, an array of at most 10,000 rules (``maximumRuleCount``), and optionally
///   `"version"`, the integer `1` (the default) or `2` (``currentFormatVersion``).
/// - A rule is an object with `"pattern"` and `"target"` (strings, both `RoutePattern`s), and
///   optionally `"when"`, `"note"` (a string for humans, kept as ``Rule/note``) and, from version
///   2, `"retired"` (`true` when the rule maps links the app no longer claims on purpose, kept as
///   ``Rule/mapsRetiredLinks``; it changes nothing at run time, and tells
///   `diagnostics(against:)`, in DispatchKitManifest, that the rule's pattern is meant to match no
///   route).
/// - `"when"` is an object with optionally `"appVersion"`, an object with `"min"`, `"max"` or both
///   (version strings like `"3.1.4"`, both inclusive; see ``Version``), and optionally `"flag"`, a
///   string. Every part given must hold (see ``Condition``); a rule without `"when"` always
///   applies.
/// - Strict: a field the document's version does not define, at any level, is an error naming it
///   (a typo must not pass as an ignored field: an ignored condition would widen a redirect), and
///   so are a field written twice in one object (JSON parsers disagree about which copy wins), a
///   value of the wrong JSON type (`"version": true`, `"note": null`), and JSON nested deeper than
///   ``maximumNesting`` levels. A later format announces itself with a `"version"` above
///   ``currentFormatVersion`` and is refused as a whole; a server that serves older apps sends
///   them a document of a version they read.
///
/// ## Validation
/// ``init(json:)`` checks the whole document before it returns: either every rule is valid and
/// kept, or it throws a ``RedirectRulesError`` naming the first problem: document-level problems
/// first, then rule by rule in document order. Within a rule, fields are checked for presence and
/// type before meaning. A rule is refused when a pattern does not parse, the target uses a
/// parameter the pattern does not capture (or captures only in an optional group while the target
/// needs it), a target group would be only partly filled for some matching URL (its parameters
/// sit in different optional groups of the pattern), the target ends in `*` and the pattern has none, the target's host is `*`, the
/// target is the pattern itself, or its version range is empty.
///
/// ## Applying a rule
/// ``redirect(for:in:)`` tries the rules in document order; the first whose pattern matches and
/// whose condition holds applies. Its target is built with the parameters the pattern captured
/// (see `RoutePattern.url(parameters:query:)`); the segments of the pattern's `*` fill the
/// target's `*`; the URL's query (in order, duplicates kept) and fragment are carried over. The
/// target is read like a relative reference: a path-only target (`/item/:id`) keeps the URL's
/// scheme and authority, a `//host/…` target keeps its scheme.
///
/// If the target cannot be built for a particular URL (a value that does not fit a typed target
/// parameter, such as `abc` for `:id<int>`), that rule does not apply to it and the next rule is
/// tried.
public struct RedirectRules: Sendable, Hashable, CustomStringConvertible {
    /// The rules, in the order they are tried.
    public let rules: [Rule]

    /// No rules: ``redirect(for:in:)`` always returns `nil`.
    public init() {
        rules = []
    }

    /// Rules made in code, each validated by its initializer, tried in this order.
    public init(_ rules: [Rule]) {
        self.rules = rules
    }

    /// Whether there are no rules.
    public var isEmpty: Bool { rules.isEmpty }

    /// The largest document ``init(json:)`` reads: 1 MiB.
    public static let maximumDocumentSize = 1 << 20
    /// The most rules a document may hold: 10,000.
    public static let maximumRuleCount = 10_000
    /// How deeply a document's arrays and objects may nest: 32 (the format needs 5).
    public static let maximumNesting = 32
    /// The latest format version this library reads, 2; it reads every earlier one too. Version 2
    /// added a rule's `"retired"`.
    public static let currentFormatVersion = 2

    /// The redirect for `url`: the first rule in order whose pattern matches `url` and whose
    /// condition holds in `environment`, applied.
    ///
    /// A rule whose target cannot be built for this URL (a typed target parameter given a value
    /// that does not fit) does not apply, and the next rule is tried. The target is not held to
    /// any `DispatchURL.Limits` here; a `DispatchCenter` holds it to its
    /// `DispatchCenter.urlLimits` and fails the dispatch with
    /// `DispatchFailure.invalidRedirectTarget(rule:error:)` when it is over them.
    ///
    /// ```swift
    /// let rules = RedirectRules([try .init(pattern: "/old/:id", target: "/new/:id")])
    /// print(rules.redirect(for: try DispatchURL(string: "app://x/old/7?a=1#top"), in: .init()) as Any)
    /// // (url: app://x/new/7?a=1#top, rule: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - url: The URL about to be dispatched.
    ///   - environment: The app version and the flags that are on, for the rules' conditions.
    /// - Returns: The URL to dispatch instead and the index of the rule in ``rules``, or `nil`
    ///   when no rule applies.
    /// - Complexity: O(*r* × *m*) for *r* rules, where *m* is the cost of matching one pattern
    ///   (see `RoutePattern.match(_:)`): linear in the number of rules. Patterns are parsed
    ///   once, when the rules are made.
    public func redirect(for url: DispatchURL, in environment: Environment) -> (url: DispatchURL, rule: Int)?
    {
        for (index, rule) in rules.enumerated() where rule.condition.holds(in: environment) {
            if let target = rule.apply(to: url) { return (target, index) }
        }
        return nil
    }

    /// ``redirect(for:in:)`` among the rules whose pattern names what the origin of `url` lacks:
    /// for a URL from outside whose origin the app did not declare, which only such a rule
    /// redirects, as only such a route claims it.
    func redirect(
        for url: DispatchURL, in environment: Environment, naming undeclared: LinkOrigins.Undeclared
    )
        -> (url: DispatchURL, rule: Int)?
    {
        for (index, rule) in rules.enumerated()
        where rule.names(undeclared) && rule.condition.holds(in: environment) {
            if let target = rule.apply(to: url) { return (target, index) }
        }
        return nil
    }

    /// One rule per line: `rules[0]: /old/:id -> /new/:id`, with its condition when it has one.
    public var description: String {
        if rules.isEmpty { return "no redirect rules" }
        return rules.enumerated().map { "rules[\($0.offset)]: \($0.element)" }.joined(separator: "\n")
    }
}

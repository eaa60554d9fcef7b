import DispatchKit

/// A problem `DispatchCenter.validate()` found in the registered patterns, naming the classes
/// and patterns involved.
///
/// ```swift
/// // In a test of the app's routes (the route tools are not linked into the app):
/// for diagnostic in DispatchCenter.shared.validate() where diagnostic.severity == .error {
///     print(diagnostic)
/// }
/// ```
///
/// Each diagnostic has a ``severity``: an ``Severity/error`` is a route that cannot work as
/// written, a ``Severity/warning`` one that works but fails some URLs it takes, a
/// ``Severity/note`` something worth a look that may be deliberate. `validate().isEmpty` is the
/// strictest check; keep only the errors with `validate().filter { $0.severity == .error }`.
public struct RouteDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem.
    ///
    /// The kinds whose names start with `link` compare a class's typed link
    /// (`DispatchActivity.linkType`) with its patterns. They are found by reading the link type
    /// once, without a URL: its keys, their types and whether they may be absent.
    public enum Kind: Sendable, Hashable {
        /// The pattern does not parse, so it never matches anything. An error.
        case invalidPattern(RoutePatternError)
        /// Two classes at the same priority have patterns that match exactly the same URLs equally
        /// well: the one registered later never wins. An error.
        case conflict
        /// No URL can reach the pattern: for every URL it matches, a pattern of another class
        /// wins (higher priority, or an equal pattern registered earlier). An error.
        case shadowed
        /// The pattern's optional groups can match one URL in more than one way
        /// (`/the(/:a)(/:b)` and `/the/x`), so which parameter gets the value depends on group
        /// order and `RoutePattern.url(parameters:query:)` cannot always round-trip. A warning.
        case ambiguousGroups
        /// The route index cannot hold the pattern, so it never matches: registering it would
        /// take the index past 2²⁹ routes or trie nodes (a route per form of a pattern, about two
        /// nodes per route), or one of its forms has more than 65,535 segments. It is refused
        /// whole; every pattern that fits is indexed and matches as usual. An error.
        case exceedsIndexCapacity
        /// The pattern has a parameter `key` that the link type `link` does not read, so the
        /// value the pattern captures is dropped (a misspelt parameter or property). An error.
        case linkLacksParameter(key: String, link: String)
        /// The link reads `key`, of type `type`, as required (neither optional nor an array), and
        /// the pattern does not always capture it: it has no such parameter, or only inside an
        /// optional group. A URL of the pattern must carry it in the query, or fails to decode
        /// with `DispatchFailure.invalidLink(_:)`. A warning.
        case linkRequiresQueryKey(key: String, type: String)
        /// An `<int>` parameter is read as a `type` that cannot hold every integer the pattern
        /// admits: every `Int64` (what `<int>` admits for a class without a link type). `Int8` …
        /// `Int32`, the unsigned types (no negative value), an enum of integer raw values, `Bool`;
        /// `Int` on a 32-bit platform. Such URLs reach the class and fail with
        /// `DispatchFailure.invalidLink(_:)` (out of range). A warning. `Double` and `Float` are
        /// not reported: they take every such integer, exactly up to 2⁵³ (`Double`) or 2²⁴
        /// (`Float`) and rounded beyond.
        case linkIntegerRange(key: String, type: String)
        /// An `<int>` parameter is read as a `type` that accepts no integer: a `UUID`, an enum
        /// whose raw values are not integers, a `LinkValueConvertible` type that refuses every
        /// integer. Every URL of the pattern fails with `DispatchFailure.invalidLink(_:)`. An
        /// error.
        ///
        /// The integers tried are 0, 1, -1, the ends of `Int64` and the type's cases that are
        /// integers (when its cases can be listed, see ``linkCasesUnknown(key:type:)``): a type of
        /// the app that accepts only other integers (a year from 1900) is reported too, though
        /// the URLs with those integers decode.
        case linkIntegerRefused(key: String, type: String)
        /// A `<uuid>` parameter is read as a `type` that does not accept a UUID (`Int`, an enum):
        /// every URL of the pattern fails with `DispatchFailure.invalidLink(_:)`. An error.
        case linkUUIDRefused(key: String, type: String)
        /// The values of a `<a|b>` parameter that its property, of type `type`, does not accept
        /// (an enum without such a case): those URLs always fail with
        /// `DispatchFailure.invalidLink(_:)`. An error.
        case linkValuesRefused(key: String, type: String, values: [String])
        /// The cases of an enum `type`, as a URL writes them, that no value of the pattern's
        /// `<a|b>` parameter is: the pattern never reaches them (another pattern or the query
        /// may). A note: a list may leave cases out on purpose.
        case linkCasesUnreachable(key: String, type: String, cases: [String])
        /// The link type cannot be read completely without a URL, and the checks above stop at
        /// the key it names. An error when no URL can carry the type of a required key
        /// (`LinkDecodingError.Reason.unsupported`: a nested struct, a dictionary, a set, `Data`,
        /// a `Date`, an array of arrays), so that every URL fails (for an optional key, see
        /// ``linkOptionalKeyUnsupported(_:)``). A note when no value of a key was found that
        /// decodes (a `LinkValueConvertible` type that refuses every made-up value, a custom
        /// `init(from:)` that refuses them): a pattern that lists the key's values (`<a|b>`) is
        /// checked with them, and any other is checked only for the names of the keys after it.
        case linkUnreadable(LinkDecodingError)
        /// The center declares no `LinkOrigins` (`DispatchCenter.linkOrigins`), so links from
        /// outside the app of any scheme and host reach the path-only patterns of the classes named,
        /// which admit outside sources (`https://evil.example/product/42` from a notification
        /// reaches the product page). A warning.
        case linkOriginsUndeclared
        /// An optional key of the link has a type no URL can carry
        /// (`LinkDecodingError.Reason.unsupported`: `var at: Date?`, a nested struct, a
        /// dictionary). A URL without the key decodes, with the property `nil`; a URL that
        /// carries it, in the path or the query, fails with `DispatchFailure.invalidLink(_:)`.
        /// So no URL gives the property a value. The checks above stop at the key, as for
        /// ``linkUnreadable(_:)``: the keys after it are checked only by name. An error.
        case linkOptionalKeyUnsupported(LinkDecodingError)
        /// The link reads `key` as values of a `type` (for an array, its element's) that may be an
        /// enum whose cases cannot be listed without a URL: a small `RawRepresentable` type that
        /// is not `CaseIterable`, and not an enum without associated values of 2 to 255 cases
        /// (whose cases are found without it). An enum of more cases or of one, or a struct of a
        /// byte. Release compatibility then cannot see a case removed from it, and
        /// ``linkCasesUnreachable(key:type:cases:)`` cannot be checked. A note: conform the enum
        /// to `CaseIterable`.
        case linkCasesUnknown(key: String, type: String)
        /// A case of the module link `link` has no route in its `DispatchLink.routes`:
        /// no URL opens it, and `DispatchCenter.url(for:)` cannot build one for it. Found when
        /// the enum's cases can be listed (2 to 255 cases). An error.
        case linkCaseWithoutRoute(case: String, link: String)
        /// The case a route of the module link `link` opens could not be found: it is found by
        /// building the case from made-up values and reading the name it encodes, or else as the
        /// one case whose values have the route's types, and `reason` says what failed (no value
        /// made up for a type that another case's values share, a value of a case given in place
        /// of the case). No URL its patterns match opens it. An error.
        case linkRouteUnknownCase(reason: String, link: String)
        /// An associated value of a case of the module link `link` has no label (`case
        /// product(Int)`), so Swift names it `key` (`_0`) and no pattern parameter can name it:
        /// give it a label (`case product(id: Int)`). An error.
        case linkCaseValueUnlabeled(case: String, key: String, link: String)
    }

    /// How much a diagnostic matters, from `note` to `error`.
    public enum Severity: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
        /// Worth a look, possibly deliberate: the routes work as declared.
        case note
        /// The route works, but some URLs it takes fail.
        case warning
        /// The route cannot work as written: a pattern that never matches or never wins, a value
        /// that is always dropped or always refused.
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }

        /// `note`, `warning` or `error`.
        public var description: String {
            switch self {
            case .note: return "note"
            case .warning: return "warning"
            case .error: return "error"
            }
        }
    }

    /// What kind of problem.
    public let kind: Kind
    /// The names of the classes involved: the one with the problem first, then the ones that
    /// cause it.
    public let activities: [String]
    /// The patterns involved, in the same order as ``activities``; empty for a problem of a class
    /// as a whole (``Kind/linkUnreadable(_:)``, ``Kind/linkOptionalKeyUnsupported(_:)``,
    /// ``Kind/linkCaseWithoutRoute(case:link:)``,
    /// ``Kind/linkCasesUnknown(key:type:)``).
    public let patterns: [RoutePattern]

    /// How much the problem matters (see each ``Kind``).
    public var severity: Severity {
        switch kind {
        case .invalidPattern, .conflict, .shadowed, .exceedsIndexCapacity, .linkLacksParameter,
            .linkIntegerRefused, .linkUUIDRefused, .linkValuesRefused, .linkOptionalKeyUnsupported,
            .linkCaseWithoutRoute, .linkRouteUnknownCase, .linkCaseValueUnlabeled:
            return .error
        case .ambiguousGroups, .linkRequiresQueryKey, .linkIntegerRange, .linkOriginsUndeclared:
            return .warning
        case .linkCasesUnreachable, .linkCasesUnknown:
            return .note
        case .linkUnreadable(let error):
            return error.reason == .unsupported ? .error : .note
        }
    }

    /// One sentence naming the classes, the patterns and the problem.
    public var description: String {
        let activity = activities.first ?? "?"
        let subject = patterns.first.map { "\(activity) \"\($0)\"" } ?? activity
        let others = zip(activities.dropFirst(), patterns.dropFirst()).map { "\($0) \"\($1)\"" }.joined(
            separator: ", ")
        switch kind {
        case .invalidPattern(let error):
            return "\(subject): invalid pattern: \(error)"
        case .conflict:
            return
                "\(subject) conflicts with \(others): they match the same URLs at the same priority, so \(activity) never wins"
        case .shadowed:
            return "\(subject) is shadowed: every URL it matches goes to \(others)"
        case .ambiguousGroups:
            return "\(subject): its optional groups can match the same URL in more than one way"
        case .exceedsIndexCapacity:
            return
                "\(subject) is not indexed and never matches: it would take the route index past its capacity (2^29 routes or nodes, 65,535 segments per route)"
        case .linkLacksParameter(let key, let link):
            return "\(subject): the parameter \(key) is not a key of \(link), so its value is dropped"
        case .linkRequiresQueryKey(let key, let type):
            return
                "\(subject): the link requires \(key) (\(type)), which the pattern does not always capture, so a URL without ?\(key)= fails to decode"
        case .linkIntegerRange(let key, let type):
            return
                "\(subject): \(key) is read as \(type), which cannot hold every integer <int> admits (Int64's range): such a URL reaches \(activity) and fails as an invalid link (out of range)"
        case .linkIntegerRefused(let key, let type):
            return
                "\(subject): \(key) is an <int> read as \(type), which accepts none of the integers validate() tries (0, 1, -1, the ends of Int64, its integer cases): every URL of the pattern fails as an invalid link, unless \(type) accepts other integers"
        case .linkUUIDRefused(let key, let type):
            return
                "\(subject): \(key) is a <uuid> read as \(type), which does not accept a UUID: every URL of the pattern fails as an invalid link"
        case .linkValuesRefused(let key, let type, let values):
            return
                "\(subject): \(key) is read as \(type), which does not accept \(Prose.quotedList(values)): such a URL always fails as an invalid link"
        case .linkCasesUnreachable(let key, let type, let cases):
            return
                "\(subject): no value of \(key) is \(Prose.quotedList(cases, conjunction: "or")), so the pattern never reaches \(Prose.agreeing(with: cases.count, "that case", "those cases")) of \(type)"
        case .linkUnreadable(let error):
            let consequence =
                error.reason == .unsupported
                ? "every URL fails to decode"
                : error.key.isEmpty
                    ? "validate() cannot check its keys"
                    : "validate() checks only the names of the keys after \(error.key)"
            return "\(subject): its link cannot be read without a URL (\(error)); \(consequence)"
        case .linkOriginsUndeclared:
            let routes = zip(activities, patterns).map { "\($0) \"\($1)\"" }
            return
                "no link origins are declared (linkOrigins), so links from outside the app of any scheme and host reach "
                + Prose.list(routes, conjunction: "and")
        case .linkOptionalKeyUnsupported(let error):
            let key = error.key
            return
                "\(subject): its link cannot be read without a URL (\(error)); \(key) is optional, so a URL that carries \(key) fails to decode and \(key) is nil in every other; validate() checks only the names of the keys after \(key)"
        case .linkCasesUnknown(let key, let type):
            return
                "\(subject): \(key) is read as \(type), whose cases validate() cannot list (make it CaseIterable if it is an enum): release compatibility checks do not see a case removed from it"
        case .linkCaseWithoutRoute(let name, let link):
            return
                "\(subject): the case \(name) of \(link) has no route in routes, so no URL opens it and url(for:) cannot build one"
        case .linkRouteUnknownCase(let reason, let link):
            return
                "\(subject): the case a route of \(link) opens could not be found (\(reason)), so no URL it matches opens it"
        case .linkCaseValueUnlabeled(let name, let key, let link):
            return
                "\(subject): the case \(name) of \(link) has a value without a label (\(key)), which no pattern can name: give it a label"
        }
    }
}

/// A declarative description of the URLs an activity claims.
///
/// An activity lists its patterns instead of writing `isHit(url:)` by hand, and the center finds
/// it through an index, so 10,000 routes cost what 10 do:
///
/// ```swift
/// final class ProductActivity: DispatchActivity {
///     override class var patterns: [RoutePattern] { ["/product/:id<int>", "//shop/item/:id<int>"] }
///
///     override func execute() throws {
///         print("push ProductPage(id: \(parameters.int("id") ?? 0))")
///     }
/// }
/// ```
///
/// ## Grammar
/// - `/product/:id` — path only, any scheme and host (also relative URLs);
///   `//post/:id` — host `post` (case-insensitive), any scheme;
///   `cono://test.com/mine_home` — scheme, host and path. The host may be `:name` or `*`.
/// - Segments: a literal (compared with the decoded segment, case-sensitively); `:name` (any one
///   segment); `:name<int>`, `:name<uuid>`, `:name<a|b|c>` (typed: a segment that does not fit does
///   not match); a trailing `*` (zero or more remaining segments, read as
///   ``DispatchActivity/wildcard``); optional groups `(/foo/:a)`, which may nest and repeat.
///
/// ## Precedence
/// Among the patterns that match a URL, the more specific wins, compared from the left: scheme,
/// host, then each path segment, where literal > typed parameter > parameter > wildcard; an exact
/// pattern beats one whose `*` matched nothing. Priority comes first and registration order last;
/// see ``DispatchCenter/claimants(for:)-(DispatchURL)``.
///
/// A pattern is equal to another when their texts are equal. An invalid pattern (from a string
/// literal, which cannot throw) never matches; ``error`` says why and
/// `DispatchCenter.validate()` reports it with the class that declares it.
public struct RoutePattern: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The pattern as written.
    public let description: String

    /// The pattern parsed. Not stored: creating a pattern (a literal in a `patterns` list) must
    /// cost nothing, and the center reads the common patterns straight into its index without
    /// this (see ``RouteIndex/Builder``). Matching one pattern alone, building URLs and
    /// validation parse on demand.
    package var compiled: Result<CompiledPattern, RoutePatternError> { PatternParser.parse(description) }

    /// Parses a pattern.
    ///
    /// Swift reads `RoutePattern("…")` with a string *literal* as the literal itself, which cannot
    /// throw: check ``error`` (or `DispatchCenter.validate()`) for literals, and use this
    /// initializer for strings that arrive at run time (a config file, a server).
    ///
    /// - Throws: ``RoutePatternError`` naming what is wrong and where.
    public init(_ string: String) throws(RoutePatternError) {
        self.init(stringLiteral: string)
        if case .failure(let error) = compiled { throw error }
    }

    /// Parses a pattern written as a literal; an invalid one never matches (see ``error``).
    public init(stringLiteral value: String) {
        description = value
    }

    /// Why the pattern is invalid, or `nil` if it is valid.
    public var error: RoutePatternError? {
        if case .failure(let error) = compiled { return error }
        return nil
    }

    /// Two patterns are equal when their texts are.
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
        lhs.description == rhs.description
    }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}

/// A parsed, valid pattern: what the matcher, the index and the URL builder read.
package struct CompiledPattern: Sendable {
    package enum Host: Sendable, Equatable {
        /// Path-only pattern: any host, or none.
        case any
        case literal(String)
        case parameter(String)
        /// `*`: any host, but there must be one.
        case wildcard
    }

    /// Lowercased, or `nil` for any scheme.
    package var scheme: String?
    package var host: Host
    /// The segments as written, groups included, for building URLs.
    package var elements: [PathElement]
    /// Every way the optional groups can be taken, preferred first.
    package var expansions: [[SegmentMatcher]]
    package var hasWildcard: Bool

    package var schemeRank: UInt8 { scheme == nil ? 0 : 1 }

    package var hostRank: UInt8 {
        switch host {
        case .literal: return 3
        case .parameter: return 2
        case .wildcard: return 1
        case .any: return 0
        }
    }
}

// Not `indirect`: the array already holds a group out of line, and an indirect enum would box
// every segment on the heap.
package enum PathElement: Sendable {
    case segment(SegmentMatcher)
    case group([PathElement])
}

/// One path segment of a pattern.
package enum SegmentMatcher: Sendable, Equatable {
    case literal(String)
    case parameter(String, ParameterType?)

    /// Specificity at this position: literal > typed > untyped (and wildcard, 0, below all).
    var rank: UInt8 {
        switch self {
        case .literal: return 3
        case .parameter(_, let type): return type == nil ? 1 : 2
        }
    }

    package var parameterName: String? {
        if case .parameter(let name, _) = self { return name }
        return nil
    }

    /// - Parameter unboundedIntegers: Whether `<int>` admits integers of any length, as it does
    ///   for a class with a link type (``ParameterType/accepts(_:unboundedIntegers:)``).
    func accepts(_ segment: String, unboundedIntegers: Bool = false) -> Bool {
        switch self {
        case .literal(let literal): return literal == segment
        case .parameter(_, nil): return true
        case .parameter(_, let type?): return type.accepts(segment, unboundedIntegers: unboundedIntegers)
        }
    }

}

/// The type of a typed parameter: `:id<int>`, `:id<uuid>`, `:kind<a|b|c>`.
package enum ParameterType: Sendable, Equatable {
    case int
    case uuid
    /// Case-sensitive values, in the order written.
    case oneOf([String])

    /// Whether `segment` fits the type.
    ///
    /// - Parameter unboundedIntegers: Whether `<int>` admits an optional `-` and digits of any
    ///   length, as it does for a class with a ``DispatchActivity/linkType``: the property's type
    ///   then decides the range, and a value out of it is a typed failure instead of no match.
    ///   Otherwise `<int>` admits only what `Int64` holds.
    // Out of line: its callers each held a copy of the integer and UUID checks.
    @inline(never)
    package func accepts(_ segment: String, unboundedIntegers: Bool = false) -> Bool {
        switch self {
        case .int: return unboundedIntegers ? LinkText.isInteger(segment) : Self.isInteger(segment)
        case .uuid: return Self.isUUID(segment)
        case .oneOf(let values): return values.contains(segment)
        }
    }

    /// An optional `-` and 1 or more ASCII digits, within `Int64` (no `+`, no spaces).
    static func isInteger(_ text: String) -> Bool {
        let utf8 = text.utf8
        let digits = utf8.first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return false }
        return Int64(text) != nil
    }

    /// `8-4-4-4-12` hex digits, either case.
    static func isUUID(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == 36 else { return false }
        for (index, byte) in utf8.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == .minus else { return false }
            } else if !byte.isASCIIHexDigit {
                return false
            }
        }
        return true
    }
}

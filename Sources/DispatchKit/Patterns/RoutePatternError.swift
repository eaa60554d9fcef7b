import Foundation

/// Why a route pattern is invalid, or why a URL could not be built from one.
///
/// An invalid pattern never matches anything; `DispatchCenter.validate()` reports it with the
/// class that declares it. `offset` counts characters of the pattern from 0.
public enum RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern is the empty string.
    case empty
    /// The pattern does not start with `/` (path only), `//` (host and path) or `scheme://`.
    case missingLeadingSlash
    /// A character that no URL holds raw, anywhere in the pattern: a control character (C0, NUL
    /// included, DEL, C1) or a bidirectional formatting character (U+200E, U+202E, …), as
    /// ``DispatchURLError/disallowedCharacter(_:offset:)`` refuses them in a URL. A NUL could
    /// never match (a URL refuses `%00` too), and the others are invisible where the pattern is
    /// read. Characters a URL carries percent-encoded, such as a space (`%20`), stay literals.
    case disallowedCharacter(Unicode.Scalar, offset: Int)
    /// A character or construct the grammar does not allow here (`reason` says which).
    case syntax(String, offset: Int)
    /// Another router's syntax, which DispatchKit would otherwise read as literal text that never
    /// matches, or as a parameter name it cannot explain: `<`, `>`, `{`, `}` or `?` in a literal
    /// segment or host — a parameter such as `<int:id>` or `{id}`, a query such as `?q=:q` — or
    /// around a parameter: a query after it (`:q?page=:p`), an optional parameter (`:id?`,
    /// `:id<int>?`), a type in braces (`:id{int}`). `suggestion` says how DispatchKit writes it
    /// (`a parameter is written :id<int>`).
    ///
    /// These characters are never literal text in a pattern, and a `%` is a literal `%`, so no
    /// escape writes them: a segment that holds one in a URL (`%3F`) is matched with a parameter.
    case unsupportedSyntax(String, suggestion: String, offset: Int)
    /// `/a//b`: URLs never have empty segments, so the pattern could never match.
    case emptySegment(offset: Int)
    /// `.` or `..` as a literal segment: URLs have their dot segments resolved.
    case dotSegment(offset: Int)
    /// A parameter without a name (`/:`), or with characters other than letters, digits and `_`.
    case invalidParameterName(String, offset: Int)
    /// Two parameters with the same name (the host parameter included).
    case duplicateParameter(String)
    /// `:id<type>` with a type that is neither `int`, `uuid` nor a list with `|`.
    case unknownType(String, offset: Int)
    /// `*` that is not the last segment of the pattern, or sits inside an optional group.
    case misplacedWildcard(offset: Int)
    /// A `(` without its `)`, or the reverse.
    case unbalancedGroup(offset: Int)
    /// `()` or a group that does not start with `/`.
    case emptyGroup(offset: Int)
    /// More optional groups than the 8 a pattern may have (each doubles the forms it matches).
    case tooManyGroups(count: Int)

    /// Building a URL: a parameter the pattern needs was not given.
    case missingParameter(String)
    /// Building a URL: a value does not satisfy the parameter's type (`id<int>` given `"abc"`).
    case invalidParameterValue(name: String, value: String)
    /// Building a URL: the given parameters fill only part of an optional group, or the pattern's
    /// host is `*`, which no value can stand for.
    case cannotBuild(String)
    /// Building a URL from a pattern that is itself invalid.
    case invalidPattern(String)

    /// What is wrong, in one sentence.
    public var description: String {
        switch self {
        case .empty: return "empty pattern"
        case .missingLeadingSlash: return "a pattern starts with \"/\", \"//host\" or \"scheme://host\""
        case .disallowedCharacter(let scalar, let offset):
            return
                "disallowed character \(DispatchURLError.name(of: scalar)) at offset \(offset) (a URL never holds it raw)"
        case .syntax(let reason, let offset): return "\(reason) at offset \(offset)"
        case .unsupportedSyntax(let text, let suggestion, let offset):
            return "\"\(text)\" at offset \(offset) is not pattern syntax: \(suggestion)"
        case .emptySegment(let offset): return "empty segment at offset \(offset) (URLs never have one)"
        case .dotSegment(let offset): return "dot segment at offset \(offset) (URLs have them resolved)"
        case .invalidParameterName(let name, let offset):
            return "invalid parameter name \"\(name)\" at offset \(offset) (use letters, digits and _)"
        case .duplicateParameter(let name): return "parameter \"\(name)\" appears twice"
        case .unknownType(let type, let offset):
            return "unknown parameter type \"\(type)\" at offset \(offset) (int, uuid, or a list like a|b)"
        case .misplacedWildcard(let offset):
            return "\"*\" at offset \(offset) must be the last segment, outside optional groups"
        case .unbalancedGroup(let offset): return "unbalanced parenthesis at offset \(offset)"
        case .emptyGroup(let offset):
            return "optional group at offset \(offset) must start with \"/\" and hold a segment"
        case .tooManyGroups(let count): return "\(count) optional groups, more than the 8 allowed"
        case .missingParameter(let name): return "missing parameter \"\(name)\""
        case .invalidParameterValue(let name, let value):
            return "value \"\(value)\" does not fit parameter \"\(name)\""
        case .cannotBuild(let reason): return "cannot build a URL: \(reason)"
        case .invalidPattern(let reason): return "invalid pattern: \(reason)"
        }
    }
}

extension RoutePatternError: LocalizedError {
    /// The ``description``.
    public var errorDescription: String? { description }
}

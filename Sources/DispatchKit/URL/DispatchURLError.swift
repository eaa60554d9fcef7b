import Foundation

/// The reason a string was rejected as a ``DispatchURL``.
///
/// Every case says what is wrong and, where it applies, where: `offset` counts Unicode scalars
/// from the start of the input, starting at 0 (for ASCII input that is the character position).
/// The ``description`` is a sentence fit for a log line or a developer-facing alert:
///
/// ```swift
/// do {
///     _ = try DispatchURL(string: "cono://test.com/mine_home?uid=%zz")
/// } catch {
///     print(error)  // malformed percent-escape "%zz" at offset 30
/// }
/// ```
public enum DispatchURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input is the empty string.
    case empty

    /// The input holds a character that may not appear raw in a URL: whitespace (including
    /// Unicode whitespace such as U+00A0 and U+3000, and leading or trailing spaces), a control
    /// character (C0, DEL, C1), a bidirectional formatting character (U+200E, U+202E, …), or a
    /// backslash. Percent-encode such characters (`%20` for a space).
    case disallowedCharacter(Unicode.Scalar, offset: Int)

    /// A `%` that is not followed by two hexadecimal digits (`%zz`, a truncated `%4`, a lone `%`).
    /// The associated text is the escape as it appears in the input.
    case malformedPercentEscape(String, offset: Int)

    /// Percent-escapes whose bytes are not UTF-8 (`%FF`, a truncated `%E4%B8`, an overlong
    /// `%C0%AF`). The associated text is the run of escapes as it appears in the input.
    case invalidUTF8(String, offset: Int)

    /// The escape `%00`: a NUL would silently truncate the value for C and Objective-C code.
    case encodedNUL(offset: Int)

    /// The host is empty where one is required, or holds a character a host cannot hold
    /// (after decoding, for example `h%2Fevil`), or is a malformed IP literal, or has a Unicode
    /// label whose ASCII (punycode) form would be over the 63 bytes DNS allows.
    case invalidHost(String, offset: Int)

    /// The URL has a scheme whose URLs always name a host — `http`, `https`, `ws`, `wss` or `ftp`,
    /// the special schemes of the WHATWG URL Standard other than `file` — and no host: `http://`,
    /// `https:///product/42`, `https:/product/42`. `offset` is where the host would be.
    case missingHost(scheme: String, offset: Int)

    /// The port is not a number from 0 to 65535.
    case invalidPort(String, offset: Int)

    /// The input is longer than ``DispatchURL/Limits/maximumLength`` (counted in UTF-8 bytes).
    case tooLong(length: Int, limit: Int)

    /// The path has more segments than ``DispatchURL/Limits/maximumPathSegments``.
    case tooManyPathSegments(limit: Int)

    /// The query has more items than ``DispatchURL/Limits/maximumQueryItems``.
    case tooManyQueryItems(limit: Int)

    /// A limit of the ``DispatchURL/Limits`` the URL was parsed with is negative: `name` is the
    /// property (`maximumQueryItems`), `value` its value. A mistake in the code that set the
    /// limits, not in the input: every input is refused with it, before the input is read.
    case invalidLimit(name: String, value: Int)

    /// What is wrong and where, in one sentence (`malformed percent-escape "%zz" at offset 30`).
    public var description: String {
        switch self {
        case .empty:
            return "empty URL"
        case .disallowedCharacter(let scalar, let offset):
            return "disallowed character \(Self.name(of: scalar)) at offset \(offset)"
        case .malformedPercentEscape(let escape, let offset):
            return "malformed percent-escape \"\(escape)\" at offset \(offset)"
        case .invalidUTF8(let escapes, let offset):
            return "percent-escapes \"\(escapes)\" at offset \(offset) are not valid UTF-8"
        case .encodedNUL(let offset):
            return "encoded NUL \"%00\" at offset \(offset)"
        case .invalidHost(let host, let offset):
            return "invalid host \"\(host)\" at offset \(offset)"
        case .missingHost(let scheme, let offset):
            return "\(scheme) URL without a host at offset \(offset) (a web URL names one)"
        case .invalidPort(let port, let offset):
            return "invalid port \"\(port)\" at offset \(offset) (expected 0 to 65535)"
        case .tooLong(let length, let limit):
            return "URL is \(length) bytes long, over the limit of \(limit)"
        case .tooManyPathSegments(let limit):
            return "URL has more than \(limit) path segments"
        case .tooManyQueryItems(let limit):
            return "URL has more than \(limit) query items"
        case .invalidLimit(let name, let value):
            return "the limit \(name) is \(value), below 0 (a limit counts what a URL may hold)"
        }
    }

    /// `U+0020 (space)`-style names, so that an invisible character is visible in the message.
    static func name(of scalar: Unicode.Scalar) -> String {
        let code = String(scalar.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        switch scalar {
        case " ": return "U+\(padded) (space)"
        case "\\": return "U+\(padded) (backslash)"
        default:
            if let name = scalar.properties.name ?? scalar.properties.nameAlias {
                return "U+\(padded) (\(name.lowercased()))"
            }
            return scalar.properties.generalCategory == .control
                ? "U+\(padded) (control character)" : "U+\(padded)"
        }
    }
}

extension DispatchURLError: LocalizedError {
    /// The ``description``, so that `localizedDescription` says what is wrong and where.
    public var errorDescription: String? { description }
}

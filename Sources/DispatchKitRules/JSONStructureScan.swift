import DispatchKit
import Foundation

/// One pass over the bytes of a UTF-8 JSON document that checks its syntax (RFC 8259) and finds
/// what `JSONSerialization` hides or leaves to the platform: keys written twice in one object (it
/// keeps the last copy without a word), a comma before a closing bracket (not JSON, yet accepted by
/// some Foundation implementations and refused by others), how deeply arrays and objects nest (its
/// own limit, and whether it has one, differ between Foundation implementations; a bound checked
/// here holds everywhere), and where the first syntax error is, as a line and a column (Foundation
/// says "around character 16", or nothing, depending on the platform).
///
/// The scan stops at the first of: a level over the nesting limit, a trailing comma, a syntax
/// error. So its memory is bounded, and it never traps, whatever the bytes. It does not check
/// that strings are valid UTF-8: `JSONSerialization`, which reads the document next, refuses those.
///
/// Why the syntax is checked in this pass, on every document, rather than in a second pass once
/// `JSONSerialization` has failed: the pass is needed anyway (duplicates, trailing commas and the
/// nesting limit must be known before Foundation reads the document), and following the grammar
/// costs it little. Measured in a release build on the sample app's manifest (2.8 KB) and rules
/// (768 bytes): this scan takes 21 µs of `RouteManifest(json:)`'s 126 µs and 4.6 µs of
/// `RedirectRules(json:)`'s 22 µs, and a scan of the structure alone 20 µs and 4.4 µs. A second
/// pass would save about 1 µs per document and let a document that Foundation reads leniently on
/// one platform pass there unchecked.
package struct JSONStructureScan {
    /// A step from an object or array to a value inside it.
    package enum PathComponent: Hashable {
        case key(String)
        case index(Int)
    }

    /// Where the document stops being JSON, and what was expected there.
    package struct SyntaxError: Hashable, CustomStringConvertible {
        /// The line, from 1.
        let line: Int
        /// The column, from 1, in characters (Unicode scalars) from the start of the line.
        let column: Int
        /// What is wrong: `expected ":" after the key "rules"`.
        let reason: String

        /// `line 3, column 7: expected ":" after the key "rules"`.
        package var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// For each object with a key written twice, its path from the document's root and those keys,
    /// in the order their second copies appear.
    package private(set) var duplicateKeys: [[PathComponent]: [String]] = [:]
    /// Whether arrays and objects nest deeper than the limit (the scan stopped there).
    package private(set) var isTooDeep = false
    /// The path of the first array or object whose last element is followed by a comma
    /// (`[1,]`, `{"a": 1,}`), if any: the scan stopped there.
    package private(set) var trailingComma: [PathComponent]?
    /// The first syntax error, if any: the scan stopped there.
    package private(set) var syntaxError: SyntaxError?

    /// An open array or object.
    private struct Container {
        /// How its parent reaches it; `nil` for the root.
        var component: PathComponent?
        var isObject: Bool
        /// The keys seen so far, for an object.
        var keys: Set<String> = []
        /// The latest key of an object, or the number of commas in an array (the current index).
        var lastKey = ""
        var index = 0
    }

    /// What may come next.
    private enum Expectation {
        /// A value: at the start, after `:`, after `,` in an array.
        case value
        /// A value or `]`: after `[`.
        case valueOrEnd
        /// A key or `}`: after `{`.
        case keyOrEnd
        /// A key: after `,` in an object.
        case key
        /// `:` after a key.
        case colon
        /// `,` or the closing bracket, after a value inside an array or object.
        case commaOrEnd
        /// Nothing but white space, after the document's value.
        case end
    }

    /// Scans `bytes`, a document that is about to be given to `JSONSerialization`.
    package init(_ bytes: UnsafeRawBufferPointer, maximumNesting: Int) {
        var stack: [Container] = []
        var expecting = Expectation.value
        // A UTF-8 byte-order mark is allowed before the document (RFC 8259, 8.1: parsers may
        // ignore it), as JSONSerialization does.
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func fail(_ reason: String, at offset: Int) {
            syntaxError = Self.syntaxError(reason, at: offset, in: bytes)
        }
        while position < bytes.count {
            let start = position
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard expecting == .value || expecting == .valueOrEnd else {
                    fail(Self.unexpected(byte, expecting, stack.last), at: start)
                    return
                }
                guard stack.count < maximumNesting else {
                    isTooDeep = true
                    return
                }
                let component = stack.last.map {
                    $0.isObject ? PathComponent.key($0.lastKey) : .index($0.index)
                }
                let isObject = byte == UInt8(ascii: "{")
                stack.append(Container(component: component, isObject: isObject))
                expecting = isObject ? .keyOrEnd : .valueOrEnd
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let closesObject = byte == UInt8(ascii: "}")
                guard let top = stack.last, top.isObject == closesObject else {
                    fail(Self.unexpected(byte, expecting, stack.last), at: start)
                    return
                }
                switch expecting {
                case .commaOrEnd:
                    break
                case .keyOrEnd where closesObject:
                    break
                case .valueOrEnd where !closesObject:
                    break
                case .key:
                    // A comma right before the bracket: its own error, with the path.
                    trailingComma = stack.compactMap(\.component)
                    return
                case .value where !closesObject:
                    // A comma right before the bracket: its own error, with the path.
                    trailingComma = stack.compactMap(\.component)
                    return
                default:
                    fail(Self.unexpected(byte, expecting, stack.last), at: start)
                    return
                }
                stack.removeLast()
                expecting = stack.isEmpty ? .end : .commaOrEnd
            case UInt8(ascii: ","):
                guard expecting == .commaOrEnd, let top = stack.indices.last else {
                    fail(Self.unexpected(byte, expecting, stack.last), at: start)
                    return
                }
                if stack[top].isObject {
                    expecting = .key
                } else {
                    stack[top].index += 1
                    expecting = .value
                }
            case UInt8(ascii: ":"):
                guard expecting == .colon else {
                    fail(Self.unexpected(byte, expecting, stack.last), at: start)
                    return
                }
                expecting = .value
            case UInt8(ascii: "\""):
                let isKey = expecting == .key || expecting == .keyOrEnd
                guard isKey || expecting == .value || expecting == .valueOrEnd else {
                    fail(Self.unexpected(byte, expecting, stack.last), at: start)
                    return
                }
                let string = Self.string(in: bytes, from: &position, decoding: isKey)
                if let problem = string.problem {
                    fail(problem.reason, at: problem.offset)
                    return
                }
                if isKey, let top = stack.indices.last {
                    // In place, so that the set is not copied for each key.
                    if !stack[top].keys.insert(string.decoded).inserted {
                        let path = stack.compactMap(\.component)
                        if duplicateKeys[path]?.contains(string.decoded) != true {
                            duplicateKeys[path, default: []].append(string.decoded)
                        }
                    }
                    stack[top].lastKey = string.decoded
                    expecting = .colon
                } else {
                    expecting = stack.isEmpty ? .end : .commaOrEnd
                }
            default:
                guard expecting == .value || expecting == .valueOrEnd else {
                    fail(Self.unexpected(byte, expecting, stack.last), at: start)
                    return
                }
                position = start
                if let problem = Self.scalar(in: bytes, from: &position) {
                    fail(problem, at: start)
                    return
                }
                expecting = stack.isEmpty ? .end : .commaOrEnd
            }
        }
        if expecting != .end {
            fail(
                stack.isEmpty && expecting == .value
                    ? "the document is empty" : "the document ends before its \(Self.closing(stack.last))",
                at: bytes.count)
        }
    }

    // MARK: - Values

    /// Reads a string whose opening quote is just before `position`, leaving `position` after its
    /// closing quote. Decodes it only when asked, for keys; reports the first problem in it.
    private static func string(in bytes: UnsafeRawBufferPointer, from position: inout Int, decoding: Bool)
        -> (decoded: String, problem: (offset: Int, reason: String)?)
    {
        let opening = position - 1
        var decoded: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") {
                return (decoding ? String(decoding: decoded, as: UTF8.self) : "", nil)
            }
            if byte < 0x20 {
                return (
                    "",
                    (position - 1, "a control character in a string (write it as an escape, such as \\n)")
                )
            }
            guard byte == .backslash else {
                if decoding { decoded.append(byte) }
                continue
            }
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), .backslash, .slash: if decoding { decoded.append(escape) }
            case UInt8(ascii: "b"): if decoding { decoded.append(0x08) }
            case UInt8(ascii: "f"): if decoding { decoded.append(0x0C) }
            case UInt8(ascii: "n"): if decoding { decoded.append(0x0A) }
            case UInt8(ascii: "r"): if decoding { decoded.append(0x0D) }
            case UInt8(ascii: "t"): if decoding { decoded.append(0x09) }
            case UInt8(ascii: "u"):
                guard var unit = hexUnit(in: bytes, at: position) else {
                    return ("", (position - 2, "\\u must be followed by four hex digits"))
                }
                position += 4
                // A surrogate pair is two escapes: `\ud83d\ude00`.
                if (0xD800..<0xDC00).contains(unit), position + 1 < bytes.count,
                    bytes[position] == .backslash,
                    bytes[position + 1] == UInt8(ascii: "u"), let low = hexUnit(in: bytes, at: position + 2),
                    (0xDC00..<0xE000).contains(low)
                {
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                }
                if decoding { decoded.append(contentsOf: String(Unicode.Scalar(unit) ?? "\u{FFFD}").utf8) }
            default:
                return ("", (position - 2, "\(describe(escape)) cannot follow \\"))
            }
        }
        return ("", (opening, "a string that is never closed"))
    }

    /// Reads a number, `true`, `false` or `null` at `position`, leaving `position` after it.
    /// Returns what is wrong, if it is none of them.
    private static func scalar(in bytes: UnsafeRawBufferPointer, from position: inout Int) -> String? {
        let start = position
        for literal in ["true", "false", "null"] where bytes[start...].starts(with: literal.utf8) {
            position += literal.utf8.count
            if position < bytes.count, bytes[position].isASCIILetter {
                break  // `nullx`: reported below as no value
            }
            return nil
        }
        position = start
        func digits() -> Int {
            let first = position
            while position < bytes.count, bytes[position].isASCIIDigit { position += 1 }
            return position - first
        }
        if position < bytes.count, bytes[position] == .minus { position += 1 }
        guard position < bytes.count, bytes[position].isASCIIDigit else {
            return position > start
                ? "a minus sign must be followed by a digit"
                : "expected a value, found \(describe(bytes[start]))"
        }
        let integer = position
        if digits() > 1, bytes[integer] == UInt8(ascii: "0") { return "a number cannot start with 0" }
        if position < bytes.count, bytes[position] == .dot {
            position += 1
            guard digits() > 0 else { return "a decimal point must be followed by a digit" }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == .plus || bytes[position] == .minus { position += 1 }
            guard digits() > 0 else { return "an exponent must have digits" }
        }
        return nil
    }

    /// The four hex digits at `position` as a number, or `nil`.
    private static func hexUnit(in bytes: UnsafeRawBufferPointer, at position: Int) -> UInt32? {
        guard position >= 0, position + 4 <= bytes.count else { return nil }
        var unit: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            guard byte.isASCIIHexDigit else { return nil }
            unit = unit << 4 | UInt32(UInt8(hexDigit: byte))
        }
        return unit
    }

    // MARK: - Messages

    /// What was expected where `byte` came.
    private static func unexpected(_ byte: UInt8, _ expecting: Expectation, _ container: Container?) -> String
    {
        let found = "found \(describe(byte))"
        switch expecting {
        case .value: return "expected a value, \(found)"
        case .valueOrEnd: return "expected a value or \"]\", \(found)"
        case .keyOrEnd: return "expected a key in double quotes or \"}\", \(found)"
        case .key: return "expected a key in double quotes, \(found)"
        case .colon: return "expected \":\" after the key \"\(container?.lastKey ?? "")\", \(found)"
        case .commaOrEnd:
            return "expected \",\" or \"\(container?.isObject == true ? "}" : "]")\" after a value, \(found)"
        case .end: return "expected the end of the document, \(found)"
        }
    }

    /// `"x"`, or a description of a byte that does not print.
    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x20: return "a space"
        case UInt8(ascii: "\""): return "a quotation mark"
        case 0x21...0x7E: return "\"\(Character(Unicode.Scalar(byte)))\""
        case 0x80...: return "a character that is not JSON syntax"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "the control character \\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// `closing bracket "]"`, for a document that ends inside `container`.
    private static func closing(_ container: Container?) -> String {
        guard let container else { return "value" }
        return "closing \(container.isObject ? "brace \"}\"" : "bracket \"]\"")"
    }

    /// The error at byte `offset`, with its line and column.
    private static func syntaxError(_ reason: String, at offset: Int, in bytes: UnsafeRawBufferPointer)
        -> SyntaxError
    {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // A byte that starts a character: ASCII or a UTF-8 lead byte.
                column += 1
            }
        }
        return SyntaxError(line: line, column: column, reason: reason)
    }
}

/// What `JSONSerialization` values are, telling booleans from numbers.
package enum JSONValueKind {
    /// `true` and `false` arrive as `NSNumber`s that convert to `1` and `0` (and `1` converts to
    /// `true`), so a boolean is recognised by its class: the one `NSNumber(value: true)` has.
    static func isBoolean(_ number: NSNumber) -> Bool {
        Swift.type(of: number) == Swift.type(of: NSNumber(value: true))
    }

    /// The value as an `Int` if it is a number with an integral value in range (`1`, `1.0`), else
    /// `nil` (booleans, `1.5`, `1e30`, strings).
    package static func integer(_ value: Any) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        return number as? Int
    }

    /// The field of `object` that `allowed` does not list, the first by name (so that the same
    /// document always names the same one): the one policy of the rules documents and the route
    /// manifests for a field they do not define.
    package static func firstUnknownField(in object: [String: Any], allowed: Set<String>) -> String? {
        object.keys.filter { !allowed.contains($0) }.min()
    }

    package static func kind(of value: Any) -> RedirectRulesError.JSONType {
        switch value {
        case is String: return .string
        case let number as NSNumber:
            if isBoolean(number) { return .boolean }
            return integer(number) == nil ? .number : .integer
        case is [Any]: return .array
        case is [String: Any]: return .object
        // NSNull, the only other value JSONSerialization makes.
        default: return .null
        }
    }
}

/// One pass over the bytes of a UTF-8 JSON document for what `JSONSerialization` hides or leaves
/// to the platform: keys written twice in one object (it keeps the last copy without a word), a
/// comma before a closing bracket (not JSON, yet accepted by some Foundation implementations and
/// refused by others), and how deeply arrays and objects nest (its own limit, and whether it has
/// one, differ between Foundation implementations; a bound checked here holds everywhere).
///
/// The scan only follows the structure — strings, brackets, commas and colons — and trusts
/// `JSONSerialization` to reject what is not JSON: on such input its findings are meaningless
/// but it never traps, and it stops at the first level over the limit, so its memory is bounded.
struct JSONStructureScan {
    /// A step from an object or array to a value inside it.
    enum PathComponent: Hashable {
        case key(String)
        case index(Int)
    }

    /// For each object with a key written twice, its path from the document's root and those keys,
    /// in the order their second copies appear.
    private(set) var duplicateKeys: [[PathComponent]: [String]] = [:]
    /// Whether arrays and objects nest deeper than the limit (the scan stopped there).
    private(set) var isTooDeep = false
    /// The path of the first array or object whose last element is followed by a comma
    /// (`[1,]`, `{"a": 1,}`), if any. Such a comma is never JSON, whatever else the document holds.
    private(set) var trailingComma: [PathComponent]?

    /// An open array or object.
    private struct Container {
        /// How its parent reaches it; `nil` for the root.
        var component: PathComponent?
        var isObject: Bool
        /// The keys seen so far, for an object.
        var keys: Set<String> = []
        /// Whether the next string is a key: after `{` and after `,` in an object.
        var expectsKey: Bool
        /// The latest key of an object, or the number of commas in an array (the current index).
        var lastKey = ""
        var index = 0
    }

    /// Scans `bytes`, a document that is about to be given to `JSONSerialization`.
    init(_ bytes: UnsafeRawBufferPointer, maximumNesting: Int) {
        var stack: [Container] = []
        var position = 0
        // Whether the last byte that was not white space is a comma outside a string.
        var afterComma = false
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if afterComma, trailingComma == nil { trailingComma = stack.compactMap(\.component) }
            default:
                break
            }
            afterComma = byte == UInt8(ascii: ",")
            switch byte {
            case UInt8(ascii: "\""):
                let isKey = stack.last.map { $0.isObject && $0.expectsKey } ?? false
                let key = Self.string(in: bytes, from: &position, decoding: isKey)
                guard isKey, let top = stack.indices.last else { continue }
                // In place, so that the set is not copied for each key.
                if !stack[top].keys.insert(key).inserted {
                    let path = stack.compactMap(\.component)
                    if duplicateKeys[path]?.contains(key) != true {
                        duplicateKeys[path, default: []].append(key)
                    }
                }
                stack[top].lastKey = key
                stack[top].expectsKey = false
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < maximumNesting else {
                    isTooDeep = true
                    return
                }
                let component = stack.last.map {
                    $0.isObject ? PathComponent.key($0.lastKey) : .index($0.index)
                }
                let isObject = byte == UInt8(ascii: "{")
                stack.append(Container(component: component, isObject: isObject, expectsKey: isObject))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
            case UInt8(ascii: ","):
                guard let top = stack.indices.last else { continue }
                if stack[top].isObject { stack[top].expectsKey = true } else { stack[top].index += 1 }
            default:
                continue
            }
        }
    }

    /// Reads a string whose opening quote is just before `position`, leaving `position` after
    /// its closing quote (or at the end). Decodes it only when asked, for keys.
    private static func string(in bytes: UnsafeRawBufferPointer, from position: inout Int, decoding: Bool)
        -> String
    {
        var decoded: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") { break }
            guard byte == .backslash else {
                if decoding { decoded.append(byte) }
                continue
            }
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            guard decoding else { continue }
            switch escape {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                guard var unit = hexUnit(in: bytes, at: position) else { continue }
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
                decoded.append(contentsOf: String(Unicode.Scalar(unit) ?? "\u{FFFD}").utf8)
            default: decoded.append(escape)  // `\"`, `\\`, `\/`
            }
        }
        return decoding ? String(decoding: decoded, as: UTF8.self) : ""
    }

    /// The four hex digits at `position` as a number, or `nil`.
    private static func hexUnit(in bytes: UnsafeRawBufferPointer, at position: Int) -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var unit: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            guard byte.isASCIIHexDigit else { return nil }
            unit = unit << 4 | UInt32(UInt8(hexDigit: byte))
        }
        return unit
    }
}

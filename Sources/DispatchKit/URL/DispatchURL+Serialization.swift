import Foundation

extension DispatchURL {
    /// Which characters a component must escape so that parsing the output gives back the same value.
    package enum Component {
        case segment, queryPart, fragment, userinfo

        func mustEscape(_ byte: UInt8) -> Bool {
            if byte.isDisallowedASCII || byte == .percent { return true }
            switch self {
            case .segment: return byte == .slash || byte == .questionMark || byte == .numberSign
            case .queryPart:
                return byte == .ampersand || byte == .equals || byte == .plus || byte == .numberSign
            case .fragment: return byte == .numberSign
            // ":" stays: it separates user from password for Foundation.
            case .userinfo:
                return byte == .at || byte == .slash || byte == .questionMark || byte == .numberSign
            }
        }
    }

    /// Writes the URL back out; `asciiOnly` percent-encodes everything outside RFC 3986's
    /// characters, for Foundation.
    func serialized(asciiOnly: Bool) -> String {
        var out = ""
        if let scheme {
            out += scheme
            out += ":"
        }
        if let host {
            out += "//"
            if let userinfo {
                out += Self.escape(userinfo, as: .userinfo, asciiOnly: asciiOnly)
                out += "@"
            }
            if host.contains(":") {
                out += "[\(host)]"
            } else {
                out += Self.escape(host, as: .segment, asciiOnly: asciiOnly)
            }
            if let port { out += ":\(port)" }
        }
        writePath(to: &out, asciiOnly: asciiOnly)
        let items = queryItems
        if !items.isEmpty {
            out += "?"
            out += Self.encodedQuery(items, asciiOnly: asciiOnly)
        }
        if let fragment {
            out += "#"
            out += Self.escape(fragment, as: .fragment, asciiOnly: asciiOnly)
        }
        // "." and "/" normalise to nothing at all; "/" says the same and parses again.
        return out.isEmpty ? "/" : out
    }

    /// Writes ``paths``, each segment after a `/` and escaped where it must be.
    @inline(__always)
    private func writePath(to out: inout String, asciiOnly: Bool) {
        for (index, segment) in paths.enumerated() {
            // An opaque path's first segment follows the scheme's ":" directly; it is never empty
            // and its "/" are escaped, so it cannot read as an authority when parsed again.
            if index > 0 || !hasOpaquePath || host != nil { out += "/" }
            out += Self.escape(segment, as: .segment, asciiOnly: asciiOnly)
        }
    }

    /// ``paths`` as ``description`` writes them: the ``rawPath`` of a URL whose path was written
    /// that way, or was never written (a URL the center built).
    var writtenPath: String {
        var out = ""
        writePath(to: &out, asciiOnly: false)
        return out
    }

    /// The segments of ``writtenPath``, without writing it first.
    var writtenSegments: [String] { paths.map { Self.escape($0, as: .segment, asciiOnly: false) } }

    /// `name=value&flag`, with each part escaped so that parsing gives the same items back.
    static func encodedQuery(_ items: [URLQueryItem], asciiOnly: Bool) -> String {
        var out = ""
        for (index, item) in items.enumerated() {
            if index > 0 { out += "&" }
            out += escape(item.name, as: .queryPart, asciiOnly: asciiOnly)
            if let value = item.value {
                out += "="
                out += escape(value, as: .queryPart, asciiOnly: asciiOnly)
            }
        }
        return out
    }

    /// Percent-encodes the bytes of `value` that `component` cannot hold raw.
    package static func escape(_ value: String, as component: Component, asciiOnly: Bool) -> String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                return component.mustEscape(byte) || (asciiOnly && isRawForFoundation(byte))
            }
            return asciiOnly || scalar.isDisallowedRaw
        }
        guard needsEscaping(value, as: component, asciiOnly: asciiOnly, scalar: needsEscape) else {
            return value
        }
        var out = ""
        out.reserveCapacity(value.utf8.count + 8)
        for scalar in value.unicodeScalars {
            if needsEscape(scalar) {
                for byte in String(scalar).utf8 {
                    out += "%"
                    out += String(byte >> 4, radix: 16, uppercase: true)
                    out += String(byte & 0x0F, radix: 16, uppercase: true)
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `value` has a character to escape. Most values are ASCII without one: their bytes
    /// are checked in place (a look at each Unicode scalar cost more than building the URL's
    /// query), and the scalars are read only when that finds one, or a byte that is not ASCII.
    private static func needsEscaping(
        _ value: String, as component: Component, asciiOnly: Bool,
        scalar needsEscape: (Unicode.Scalar) -> Bool
    ) -> Bool {
        let ascii = value.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy {
                $0 < 0x80 && !component.mustEscape($0) && !(asciiOnly && isRawForFoundation($0))
            }
        }
        if ascii == true { return false }
        return value.unicodeScalars.contains(where: needsEscape)
    }

    /// Whether `byte` is an ASCII character RFC 3986 leaves out, which Foundation's URL refuses raw.
    private static func isRawForFoundation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "^"), UInt8(ascii: "`"),
            UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }
}

/// Validation of the IP addresses that may appear in brackets in a URL's host.
enum IPLiteral {
    /// RFC 4291 text form: eight groups of 1–4 hex digits, at most one `::` standing for one or more
    /// zero groups, and optionally a dotted IPv4 address as the last two groups.
    static func isValidIPv6(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        let end = range.upperBound
        var groups = 0
        var compressed = false
        if end - index >= 2, bytes[index] == .colon, bytes[index + 1] == .colon {
            compressed = true
            index += 2
            if index == end { return true }  // "::"
        }
        while index < end {
            var partEnd = index
            while partEnd < end, bytes[partEnd] != .colon { partEnd += 1 }
            let part = index..<partEnd
            if part.contains(where: { bytes[$0] == .dot }) {
                // An IPv4 tail must be last and counts as two groups.
                guard partEnd == end, isValidIPv4(bytes, part) else { return false }
                groups += 2
                break
            }
            guard (1...4).contains(part.count), part.allSatisfy({ bytes[$0].isASCIIHexDigit }) else {
                return false
            }
            groups += 1
            if partEnd == end { break }
            if partEnd + 1 < end, bytes[partEnd + 1] == .colon {
                guard !compressed else { return false }  // a second "::"
                compressed = true
                index = partEnd + 2
            } else {
                index = partEnd + 1
                guard index < end else { return false }  // a trailing single ":"
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    /// Four decimal octets 0–255 without leading zeros (RFC 3986 `dec-octet`).
    static func isValidIPv4(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var octets = 0
        var index = range.lowerBound
        while index <= range.upperBound {
            var octetEnd = index
            while octetEnd < range.upperBound, bytes[octetEnd] != .dot { octetEnd += 1 }
            let digits = index..<octetEnd
            guard (1...3).contains(digits.count), digits.allSatisfy({ bytes[$0].isASCIIDigit }) else {
                return false
            }
            if digits.count > 1, bytes[index] == UInt8(ascii: "0") { return false }
            let value = digits.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }
            guard value <= 255 else { return false }
            octets += 1
            index = octetEnd + 1
        }
        return octets == 4
    }
}

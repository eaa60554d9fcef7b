/// Checking and lowercasing a registered name (a host that is not an IP literal) in one pass
/// over its UTF-8 bytes.
///
/// The string-level way (decode, walk `unicodeScalars` to check each one, walk them again to
/// lowercase, append scalar by scalar) cost about 35 times an ASCII host of the same length;
/// this walks the bytes once and writes the result into one buffer.
enum HostName {
    /// `bytes` lowercased, or `nil` if it holds a scalar that may not be in a host (see
    /// `Unicode.Scalar.isAllowedInHost`).
    ///
    /// - Parameter bytes: Well-formed UTF-8: a slice of a Swift string, or decoded escapes that
    ///   were validated.
    static func normalized(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        transform(bytes, rejectingDisallowed: true)
    }

    /// `bytes` lowercased scalar by scalar, exactly as `String.lowercased()` does.
    static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        transform(bytes, rejectingDisallowed: false) ?? ""
    }

    // Out of line: both callers held a copy.
    @inline(never)
    private static func transform(_ bytes: UnsafeBufferPointer<UInt8>, rejectingDisallowed: Bool) -> String? {
        // Lowercasing makes no scalar longer than 1.5 times its UTF-8 (U+023A Ⱥ, 2 bytes, becomes
        // U+2C65, 3 bytes; U+0130 İ becomes "i" and U+0307): twice the input always has room.
        let capacity = bytes.count * 2 + 8
        // Read once: each access to a global checks that it is initialised.
        return LowercaseTable.table.withUnsafeBufferPointer { table in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { out -> String? in
                var written = 0
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte < 0x80 {
                        if rejectingDisallowed, !byte.isAllowedInHost { return nil }
                        out[written] = byte.isASCIIUppercase ? byte | 0x20 : byte
                        written += 1
                        index += 1
                        continue
                    }
                    let (scalar, length) = UTF8Validation.scalar(in: bytes, at: index)
                    if rejectingDisallowed, UTF8Validation.mayBeDisallowedInHost(lead: byte),
                        !scalar.isAllowedInHost
                    {
                        return nil
                    }
                    let value = scalar.value
                    let lower =
                        value < table.count
                        ? table[Int(value)]
                        : scalar.mayChangeWhenLowercased ? LowercaseMappings.lowercase(of: value) : value
                    if lower == value {
                        // Unchanged: copy its bytes.
                        for offset in 0..<length { out[written + offset] = bytes[index + offset] }
                        written += length
                    } else if lower != LowercaseTable.multiScalar, let lowerScalar = Unicode.Scalar(lower) {
                        UTF8.encode(lowerScalar) { unit in
                            out[written] = unit
                            written += 1
                        }
                    } else if value == 0x130 {
                        // İ, the one scalar whose lowercase is two ("i" and U+0307), spelled out: it is
                        // in Turkish hosts, and the property lookup costs more than the rest of a scalar.
                        out[written] = 0x69
                        out[written + 1] = 0xCC
                        out[written + 2] = 0x87
                        written += 3
                    } else {
                        for unit in scalar.properties.lowercaseMapping.utf8 {
                            guard written < capacity else { return nil }  // (cannot happen, see above)
                            out[written] = unit
                            written += 1
                        }
                    }
                    index += length
                }
                return String(decoding: UnsafeBufferPointer(rebasing: out[..<written]), as: UTF8.self)
            }
        }
    }
}

extension UInt8 {
    /// RFC 3986 reg-name characters in ASCII: letters, digits and `-._~!$&'()*+,;=`
    /// (``hostCharacters``), looked up as one bit of a 128-bit mask.
    var isAllowedInHost: Bool {
        if self < 64 { return Self.hostMaskLow >> self & 1 != 0 }
        if self < 128 { return Self.hostMaskHigh >> (self - 64) & 1 != 0 }
        return false
    }

    /// The punctuation ``isAllowedInHost`` allows; a test checks the masks against it.
    static let hostCharacters = "-._~!$&'()*+,;="
    static let hostMaskLow: UInt64 = 0x2BFF_7FD2_0000_0000
    static let hostMaskHigh: UInt64 = 0x47FF_FFFE_87FF_FFFE
}

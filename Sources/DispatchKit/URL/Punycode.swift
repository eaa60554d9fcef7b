import Foundation

/// The ASCII form of a Unicode host: each label that holds non-ASCII becomes `xn--` followed by
/// its Punycode (RFC 3492), the form browsers (WHATWG URL) and Foundation's `URL` give such a host.
///
/// Only hosts with a byte of 0x80 or more get here: an ASCII host is its own ASCII form and is
/// never looked at again.
enum Punycode {
    /// The longest label DNS allows, in bytes (RFC 1035).
    static let maximumLabelLength = 63

    /// The most scalars a label can hold and still, once in NFC, fit ``maximumLabelLength`` in its
    /// encoded form (`xn--` and at least one character per scalar).
    static let maximumScalarsBeforeNormalization = (maximumLabelLength - 4) * 4

    /// The ASCII form of `host`, which is already lowercased: labels (between `.`) that hold
    /// non-ASCII are put in NFC, so that canonically equivalent spellings are one host, and
    /// encoded; ASCII labels are kept as they are. `nil` if an encoded label would be over
    /// ``maximumLabelLength`` bytes.
    static func asciiHost(_ host: String) -> String? {
        try? asciiHostNamingLabel(host)
    }

    /// A label whose ASCII form would be over ``maximumLabelLength`` bytes (the label as given).
    struct LabelTooLong: Error {
        let label: String
    }

    /// ``asciiHost(_:)``, naming the label that cannot be encoded.
    static func asciiHostNamingLabel(_ host: String) throws(LabelTooLong) -> String {
        // An ASCII host, by far the most common, is its own form: one scan, no copy.
        guard host.utf8.contains(where: { $0 >= 0x80 }) else { return host }
        var out = ""
        out.reserveCapacity(host.utf8.count + 8)
        var first = true
        // Split on the byte: splitting the String compares Characters, and a label of combining
        // marks made that cost a hundred parses of the URL. A Substring's bytes, as the raw path's
        // are split: one copy of the split code in the app.
        for bytes in Substring(host).utf8.split(
            separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        {
            let label = Substring(bytes)
            if !first { out += "." }
            first = false
            if bytes.allSatisfy({ $0 < 0x80 }) {
                out += label
                continue
            }
            // NFC composes at most four scalars into one (the longest canonical decomposition), and
            // each scalar of the result adds at least one character to the encoding: a label of more
            // scalars than this can only be refused, so it is, before the normalisation, whose cost
            // on a long label is many times a parse of the whole URL.
            var count = 0
            for _ in label.unicodeScalars {
                count += 1
                if count > maximumScalarsBeforeNormalization { throw LabelTooLong(label: String(label)) }
            }
            let scalars = Array(String(label).precomposedStringWithCanonicalMapping.unicodeScalars)
            guard let encoded = encode(scalars, maximumLength: maximumLabelLength - 4) else {
                throw LabelTooLong(label: String(label))
            }
            out += "xn--"
            out += encoded
        }
        return out
    }

    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// RFC 3492 section 6.3, with lowercase digits; basic code points keep their case.
    ///
    /// - Returns: The encoding, or `nil` if it would be longer than `maximumLength` characters.
    ///   Every scalar adds at least one character, so input over the limit is refused before any
    ///   work: the encoding's quadratic loop only ever runs on a short label.
    static func encode(_ input: [Unicode.Scalar], maximumLength: Int = .max) -> String? {
        var output: [UInt8] = []
        for scalar in input where scalar.isASCII { output.append(UInt8(scalar.value)) }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        // Each non-basic scalar adds at least one digit.
        guard output.count + (input.count - basicCount) <= maximumLength else { return nil }

        var n = initialN
        var delta = 0
        var bias = initialBias
        var handled = basicCount
        while handled < input.count {
            // The smallest code point not handled yet (there is one: handled < input.count).
            var next = Int(UInt32.max)
            for scalar in input where Int(scalar.value) >= n && Int(scalar.value) < next {
                next = Int(scalar.value)
            }
            // No overflow: at most 0x10FFFF × (maximumLength + 1) per step, on a 64-bit Int
            // for any label that gets here.
            delta += (next - n) * (handled + 1)
            n = next
            for scalar in input {
                let value = Int(scalar.value)
                if value < n { delta += 1 }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                if output.count > maximumLength { return nil }
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    /// RFC 3492 section 6.1.
    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}

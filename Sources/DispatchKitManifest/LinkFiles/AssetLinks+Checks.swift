import DispatchKit

extension AssetLinks {
    /// Checks a package name as Android's build tools and the Play Console take an application
    /// ID: at least two segments separated by dots, each an ASCII letter followed by ASCII letters,
    /// digits or underscores.
    ///
    /// Facts relied on: "Configure the app module" (developer.android.com/build/configure-app-module)
    /// states those rules for the application ID, which is the package name an installed app has
    /// and the one `assetlinks.json` names (developers.google.com/digital-asset-links, "package_name").
    ///
    /// - Throws: ``LinkFileError/invalidPackageName(_:problem:)``.
    static func checkPackageName(_ text: String) throws(LinkFileError) {
        func invalid(_ problem: String) -> LinkFileError { .invalidPackageName(text, problem: problem) }
        let shape = "segments separated by dots, such as com.example.shop"
        guard !text.isEmpty else { throw invalid("empty, where a package name is needed (\(shape))") }
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2 else {
            throw invalid("one segment, where a package name has at least two (\(shape))")
        }
        for segment in segments {
            guard let first = segment.unicodeScalars.first else {
                throw invalid("an empty segment: a package name is \(shape), with no dot at either end")
            }
            if let bad = segment.unicodeScalars.first(where: { !isPackageNameScalar($0) }) {
                throw invalid(
                    "\"\(bad.escaped(asASCII: false))\" is not allowed: a segment holds ASCII letters, digits "
                        + "and underscores only")
            }
            guard ("a"..."z").contains(first) || ("A"..."Z").contains(first) else {
                throw invalid(
                    "the segment \"\(segment)\" starts with \"\(first)\": each segment starts with a letter")
            }
        }
    }

    private static func isPackageNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_"
    }

    /// Checks and normalizes the fingerprints of one app: each 32 bytes of two hexadecimal digits
    /// separated by colons, written in uppercase; none given twice; at least one.
    ///
    /// Facts relied on: the statement's `sha256_cert_fingerprints` lists the SHA-256 fingerprints
    /// of the app's signing certificates (developer.android.com/training/app-links/verify-android-applinks,
    /// "Declare website associations"), in the colon-separated uppercase form that `keytool` prints
    /// (the Digital Asset Links API reference, `CertificateInfo.sha256Fingerprint`). A SHA-256
    /// digest is 32 bytes; SHA-1, which `keytool` prints too, 20.
    ///
    /// - Throws: ``LinkFileError``.
    static func checkedFingerprints(_ texts: [String], of packageName: String) throws(LinkFileError)
        -> [String]
    {
        guard !texts.isEmpty else { throw .noFingerprint(packageName: packageName) }
        var fingerprints: [String] = []
        for text in texts {
            let fingerprint = try checkedFingerprint(text)
            guard !fingerprints.contains(fingerprint) else {
                throw .repeatedFingerprint(text, packageName: packageName)
            }
            fingerprints.append(fingerprint)
        }
        return fingerprints
    }

    /// One fingerprint, uppercase.
    private static func checkedFingerprint(_ text: String) throws(LinkFileError) -> String {
        func invalid(_ problem: String) -> LinkFileError { .invalidFingerprint(text, problem: problem) }
        let shape = "32 bytes of two hexadecimal digits separated by colons (14:6D:E9:…)"
        guard !text.isEmpty else { throw invalid("empty, where a SHA-256 fingerprint is needed: \(shape)") }
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) {
            throw invalid("a fingerprint has no spaces or control characters: \(shape)")
        }
        let upper = text.uppercased()
        for label in ["SHA256:", "SHA-256:", "SHA1:", "SHA-1:"] where upper.hasPrefix(label) {
            throw invalid(
                "write the fingerprint without the label \"\(text.prefix(label.count))\" that keytool prints "
                    + "before it")
        }
        let isHex: (UInt8) -> Bool = { byte in
            byte.isASCIIDigit || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte & ~0x20)
        }
        let bytes = text.split(separator: ":", omittingEmptySubsequences: false)
        if bytes.count == 1, text.utf8.count == 64, text.utf8.allSatisfy(isHex) {
            // The same digest without its colons: say how to write it.
            let digits = Array(text.uppercased())
            let pairs = stride(from: 0, to: digits.count, by: 2).map { String(digits[$0..<$0 + 2]) }
            throw invalid("its bytes are separated by colons (write \(pairs.joined(separator: ":")))")
        }
        if let bad = bytes.first(where: { $0.utf8.count != 2 || !$0.utf8.allSatisfy(isHex) }) {
            throw invalid("\"\(bad)\" is not a byte of two hexadecimal digits (0-9, A-F): \(shape)")
        }
        guard bytes.count == 32 else {
            throw invalid(
                bytes.count == 20
                    ? "20 bytes: a SHA-1 fingerprint, where the file needs the SHA-256 one (32 bytes)"
                    : "\(bytes.count) bytes, where a SHA-256 fingerprint has 32: \(shape)")
        }
        return text.uppercased()
    }
}

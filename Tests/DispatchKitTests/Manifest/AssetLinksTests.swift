import Foundation
import Testing

@testable import DispatchKitManifest

/// A SHA-256 fingerprint in lowercase, as some tools print it.
private let fingerprint =
    "14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5"
private let uppercase = fingerprint.uppercased()

/// The generated `/.well-known/assetlinks.json`: its statements as Android reads them, and the
/// package names and fingerprints it refuses before writing anything.
@Suite struct AssetLinksTests {
    static let lower = fingerprint
    static let upper = uppercase
    /// Fingerprints that are not SHA-256 ones, and a phrase of what the error says.
    static let badFingerprints: [(String, String)] = [
        ("", "empty"),
        (String(fingerprint.dropLast(3)), "31 bytes"),
        (fingerprint + ":00", "33 bytes"),
        (Array(repeating: "0A", count: 20).joined(separator: ":"), "a SHA-1 fingerprint"),
        (fingerprint.replacingOccurrences(of: ":", with: ""), "separated by colons (write \(uppercase))"),
        ("SHA256: " + uppercase, "no spaces"),
        ("SHA256:" + uppercase, #"without the label "SHA256:""#),
        ("G4:" + String(fingerprint.dropFirst(3)), #""G4" is not a byte"#),
        ("4:" + String(fingerprint.dropFirst(3)), #""4" is not a byte"#),
        (fingerprint + ":", "\"\" is not a byte"),
        (fingerprint.replacingOccurrences(of: ":", with: "-"), "is not a byte"),
    ]
    static let other = Array(repeating: "AB", count: 32).joined(separator: ":")

    @Test func writesOneStatementPerAppWithItsFingerprintsInUppercase() throws {
        let links = try AssetLinks(packageName: "com.example.shop", fingerprints: [Self.lower])
        let expected = """
            [
              {
                "relation": [
                  "delegate_permission/common.handle_all_urls"
                ],
                "target": {
                  "namespace": "android_app",
                  "package_name": "com.example.shop",
                  "sha256_cert_fingerprints": [
                    "\(Self.upper)"
                  ]
                }
              }
            ]

            """
        #expect(links.jsonString() == expected)
        #expect(links.json() == Data(expected.utf8))
        #expect(links.apps.map(\.fingerprints) == [[Self.upper]])
    }

    @Test func severalAppsKeepTheirOrderAndMayShareAFingerprint() throws {
        let links = try AssetLinks(apps: [
            AssetLinks.App(packageName: "com.example.shop", fingerprints: [Self.upper, Self.other]),
            AssetLinks.App(packageName: "com.example.Shop.beta", fingerprints: [Self.lower]),
        ])
        let statements = try #require(
            try JSONSerialization.jsonObject(with: links.json()) as? [[String: Any]])
        #expect(statements.count == 2)
        for statement in statements {
            #expect(statement["relation"] as? [String] == [AssetLinks.relation])
            #expect((statement["target"] as? [String: Any])?["namespace"] as? String == "android_app")
        }
        let targets = statements.compactMap { $0["target"] as? [String: Any] }
        #expect(
            targets.map { $0["package_name"] as? String } == ["com.example.shop", "com.example.Shop.beta"])
        #expect(
            targets.map { $0["sha256_cert_fingerprints"] as? [String] } == [
                [Self.upper, Self.other], [Self.upper],
            ])
    }

    @Test(arguments: ["com.example.shop", "a.b", "Com.Ex_ample.a1", "com.example.shop_2"])
    func takesAPackageNameAsAndroidDoes(_ name: String) throws {
        #expect(try AssetLinks(packageName: name, fingerprints: [Self.upper]).apps.first?.packageName == name)
    }

    @Test(arguments: [
        ("", "empty"), ("shop", "one segment"), ("com..shop", "an empty segment"),
        (".com.shop", "an empty segment"), ("com.shop.", "an empty segment"),
        ("com.1shop", #"starts with "1""#), ("com._shop", #"starts with "_""#),
        ("com.example-shop", #""-" is not allowed"#), ("com.exämple", #""ä" is not allowed"#),
        ("com.example shop", #"" " is not allowed"#),
    ])
    func refusesAPackageNameThatIsNotOne(_ name: String, _ problem: String) {
        #expect {
            try AssetLinks(packageName: name, fingerprints: [Self.upper])
        } throws: { error in
            guard case .invalidPackageName(name, let text)? = error as? LinkFileError else { return false }
            return text.contains(problem)
        }
    }

    @Test(arguments: badFingerprints)
    func refusesAFingerprintThatIsNotASHA256One(_ fingerprint: String, _ problem: String) {
        #expect {
            try AssetLinks(packageName: "com.example.shop", fingerprints: [fingerprint])
        } throws: { error in
            guard case .invalidFingerprint(fingerprint, let text)? = error as? LinkFileError else {
                return false
            }
            return text.contains(problem)
        }
    }

    /// A package name given twice is refused rather than merged, and so is a fingerprint given
    /// twice for one app, in either case: each is a mistake in the command that lists them.
    @Test func refusesARepeatedPackageOrFingerprintAndNone() {
        #expect(throws: LinkFileError.repeatedPackageName("com.example.shop")) {
            try AssetLinks(apps: [
                AssetLinks.App(packageName: "com.example.shop", fingerprints: [Self.upper]),
                AssetLinks.App(packageName: "com.example.shop", fingerprints: [Self.other]),
            ])
        }
        #expect(throws: LinkFileError.repeatedFingerprint(Self.lower, packageName: "com.example.shop")) {
            try AssetLinks(packageName: "com.example.shop", fingerprints: [Self.upper, Self.lower])
        }
        #expect(throws: LinkFileError.noFingerprint(packageName: "com.example.shop")) {
            try AssetLinks(packageName: "com.example.shop", fingerprints: [])
        }
        #expect(throws: LinkFileError.noPackageName) { try AssetLinks(apps: []) }
    }

    @Test func errorsSayWhatIsWrongInOneLine() {
        #expect(
            LinkFileError.repeatedFingerprint("AB", packageName: "com.example.shop").description
                == #"fingerprint "AB" is given twice for com.example.shop"#)
        #expect(LinkFileError.repeatedPackageName("a.b").description == #"package name "a.b" is given twice"#)
        #expect(LinkFileError.noPackageName.description.hasPrefix("no package name: "))
        #expect(
            LinkFileError.noFingerprint(packageName: "a.b").description.hasPrefix("no fingerprint for a.b: "))
        #expect(
            LinkFileError.invalidPackageName("shop", problem: "one segment").description
                == #"package name "shop": one segment"#)
        #expect(
            LinkFileError.invalidFingerprint("AB", problem: "2 bytes").description
                == #"fingerprint "AB": 2 bytes"#)
    }
}

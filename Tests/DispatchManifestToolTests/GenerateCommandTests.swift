import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

@testable import DispatchManifestTool

/// The generator commands, `aasa`, `android` and `assetlinks`, run in process: what they refuse (exit 2, one
/// line), and the warning for a file that would open nothing (exit 1).
@Suite("dispatch-manifest aasa, android and assetlinks")
struct GenerateCommandTests {
    final class Output: @unchecked Sendable {
        var out: [String] = []
        var err: [String] = []
    }

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "dispatch-manifest-generate-\(UInt64.random(in: 0...UInt64.max))")

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ manifest: RouteManifest) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(manifest.jsonString().utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) -> (status: Int32, out: [String], err: [String]) {
        let output = Output()
        let tool = ManifestTool(out: { output.out.append($0) }, err: { output.err.append($0) })
        let status = tool.run(arguments)
        return (status, output.out, output.err)
    }

    static let exposed = RouteManifest(routes: [
        RouteManifest.Route(
            pattern: "/settings/privacy", activity: "Shop.PrivacyActivity", exposure: .external,
            examples: ["/settings/privacy"])
    ])

    static let internalOnly = RouteManifest(routes: [
        RouteManifest.Route(
            pattern: "/account/logout", activity: "Shop.LogoutActivity", exposure: .internalOnly,
            examples: ["/account/logout"])
    ])

    // Regression: exit 0 and a file for the app "not an app id" on the domain "not a domain".
    @Test func aasaRefusesAnAppIDOrDomainThatIsNotOne() throws {
        let manifest = try file("m.json", Self.exposed)
        let both = run(["aasa", manifest, "--app-id", "not an app id", "--domain", "not a domain"])
        #expect(both.status == 2)
        #expect(both.out.isEmpty)
        #expect(both.err.count == 1)
        #expect(both.err.first?.hasPrefix(#"error: --app-id "not an app id": not TEAMID.bundle.id"#) == true)
        let domain = run([
            "aasa", manifest, "--app-id", "ABCDE12345.com.example.app", "--domain", "not a domain",
        ])
        #expect(domain.status == 2)
        #expect(domain.err.count == 1 && domain.err[0].hasPrefix(#"error: --domain "not a domain": "#))
        let url = run([
            "aasa", manifest, "--app-id", "ABCDE12345.com.example.app", "--domain", "https://test.com",
        ])
        #expect(url.status == 2)
        #expect(url.err.first?.contains("a URL, not a host name (write test.com)") == true)
    }

    // Regression: `android --host https://test.com` wrote `android:host="https://test.com"`.
    @Test func androidRefusesAURLForAHost() throws {
        let manifest = try file("m.json", Self.exposed)
        let result = run(["android", manifest, "--host", "https://test.com"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(
            result.err == [
                #"error: --host "https://test.com": a URL, not a host name (write test.com) (see --help)"#
            ])
    }

    // Regression: a repeated --domain or --host was taken silently.
    @Test func aRepeatedDomainOrHostIsRefusedAndSaid() throws {
        let manifest = try file("m.json", Self.exposed)
        let aasa = run([
            "aasa", manifest, "--app-id", "ABCDE12345.com.example.app", "--domain", "test.com", "--domain",
            "test.com",
        ])
        #expect(aasa.status == 2)
        #expect(aasa.err == [#"error: --domain "test.com" is given twice (see --help)"#])
        let android = run(["android", manifest, "--host", "test.com", "--host", "TEST.com"])
        #expect(android.status == 2)
        #expect(android.err == [#"error: --host "TEST.com" is given twice (see --help)"#])
        let appIDs = run([
            "aasa", manifest, "--app-id", "ABCDE12345.a", "--app-id", "ABCDE12345.a", "--domain", "test.com",
        ])
        #expect(appIDs.status == 2 && appIDs.err.first?.contains("given twice") == true)
    }

    @Test func aBadOptionIsReportedBeforeTheManifestIsRead() {
        let result = run(["android", directory.appendingPathComponent("missing.json").path, "--host", "a b"])
        #expect(result.status == 2)
        #expect(result.err.count == 1 && result.err[0].hasPrefix(#"error: --host "a b""#))
    }

    // Regression: a manifest without an exposed route gave `"components": []`, exit 0, no word.
    @Test func aFileThatOpensNothingIsAWarningAndExit1() throws {
        let manifest = try file("internal.json", Self.internalOnly)
        let aasa = run(["aasa", manifest, "--app-id", "ABCDE12345.com.example.app", "--domain", "test.com"])
        #expect(aasa.status == 1)
        #expect(aasa.out.joined(separator: "\n").contains(#""components": []"#))
        #expect(
            aasa.err == [
                "warning: the file opens no link in the app: no route is exposed to universal links"
            ])
        let android = run(["android", manifest, "--host", "test.com"])
        #expect(android.status == 1)
        #expect(android.out.isEmpty)
        #expect(android.err.last?.hasPrefix("warning: the file opens no link in the app") == true)
        let elsewhere = try file(
            "elsewhere.json",
            RouteManifest(routes: [
                RouteManifest.Route(
                    pattern: "//other.com/x", activity: "Shop.X", exposure: .external,
                    examples: ["//other.com/x"])
            ]))
        let other = run(["android", elsewhere, "--host", "test.com"])
        #expect(other.status == 1)
        #expect(
            other.err.last
                == "warning: the file opens no link in the app: none of the 1 route exposed to universal links matches https URLs on test.com"
        )
    }

    @Test func aValidCommandStillWritesTheFile() throws {
        let manifest = try file("m.json", Self.exposed)
        let aasa = run(["aasa", manifest, "--app-id", "ABCDE12345.com.example.app", "--domain", "*.test.com"])
        #expect(aasa.status == 0)
        #expect(aasa.out.joined(separator: "\n").contains(#""/": "/settings/privacy/""#))
        let android = run(["android", manifest, "--host", "test.com", "--host", "*.test.com"])
        #expect(android.status == 0)
        let xml = android.out.joined(separator: "\n")
        #expect(xml.contains(#"    <data android:host="*.test.com" />"#))
        #expect(xml.contains(#"    <data android:path="/settings/privacy/" />"#))
    }

    /// Pins a file larger than iOS reads being written without a word: many exposed routes with
    /// long paths (each with its trailing-slash twin) pass Apple's 128 KB limit, which the tool
    /// names, with exit 1; the file is still written.
    @Test func aFileLargerThanIOSReadsIsAWarningAndExit1() throws {
        let segment = String(repeating: "a", count: 100)
        let routes = (0..<600).map { index in
            RouteManifest.Route(
                pattern: "/\(segment)/\(index)", activity: "Shop.Page\(index)", exposure: .external,
                examples: ["/\(segment)/\(index)"])
        }
        let manifest = try file("large.json", RouteManifest(routes: routes))
        let result = run(["aasa", manifest, "--app-id", "ABCDE12345.com.example.app", "--domain", "test.com"])
        let size = result.out.joined(separator: "\n").utf8.count + 1
        #expect(size > AppSiteAssociation.maximumFileSize)
        #expect(result.status == 1)
        #expect(
            result.err == [
                "warning: the file is \(size) bytes, more than the 128 KB iOS reads: iOS ignores it, and it opens "
                    + "no link in the app"
            ])
        let small = run([
            "aasa", try file("small.json", Self.exposed), "--app-id", "ABCDE12345.com.example.app",
            "--domain",
            "test.com",
        ])
        #expect(small.status == 0)
        #expect(small.err.isEmpty)
    }

    static let release = Array(repeating: "ab", count: 32).joined(separator: ":")
    static let upload = Array(repeating: "0C", count: 32).joined(separator: ":")

    @Test func assetlinksWritesEachPackageWithTheFingerprintsAfterIt() throws {
        let manifest = try file("m.json", Self.exposed)
        let result = run([
            "assetlinks", manifest, "--package", "com.example.shop", "--fingerprint", Self.release,
            "--fingerprint", Self.upload, "--package", "com.example.beta", "--fingerprint", Self.upload,
        ])
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        let expected = try AssetLinks(apps: [
            AssetLinks.App(packageName: "com.example.shop", fingerprints: [Self.release, Self.upload]),
            AssetLinks.App(packageName: "com.example.beta", fingerprints: [Self.upload]),
        ])
        #expect(result.out.joined(separator: "\n") + "\n" == expected.jsonString())
        #expect(result.out.joined().contains(Self.release.uppercased()))
    }

    @Test(arguments: [
        ([String](), "assetlinks needs --package NAME and --fingerprint SHA256"),
        (["--fingerprint", release], #"--fingerprint "\#(release)" comes before any --package"#),
        (["--package", "com.example.shop"], "--package com.example.shop has no --fingerprint"),
        (["--package", "shop", "--fingerprint", release], #"--package "shop": one segment"#),
        (["--package", "com.example.shop", "--fingerprint", "AB:CD"], #"--fingerprint "AB:CD": 2 bytes"#),
        (
            ["--package", "a.b", "--fingerprint", release, "--package", "a.b", "--fingerprint", upload],
            #"--package "a.b" is given twice"#
        ),
        (
            ["--package", "a.b", "--fingerprint", release, "--fingerprint", release.uppercased()],
            #"--fingerprint "\#(release.uppercased())" is given twice for --package a.b"#
        ),
        (["--package"], "--package needs a value"),
        (["--package", "a.b", "--fingerprint", "--package"], "--fingerprint needs a value"),
        (["--package", "a.b", "--host", "test.com"], #"unknown argument "--host" for assetlinks"#),
    ])
    func assetlinksRefusesBadUsageBeforeReadingTheManifest(_ options: [String], _ message: String) {
        let missing = directory.appendingPathComponent("missing.json").path
        let result = run(["assetlinks", missing] + options)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.count == 1)
        #expect(result.err.first?.hasPrefix("error: \(message)") == true)
    }

    @Test func assetlinksTakesAManifestFirst() {
        let result = run(["assetlinks", "--package", "a.b", "--fingerprint", Self.release])
        #expect(result.status == 2)
        #expect(result.err == ["error: assetlinks takes a manifest file first (see --help)"])
    }

    /// With no route exposed to universal links, the app has no App Links filter, and Android never
    /// reads the file: it is written, with a warning and exit 1, as `aasa` does for a file that
    /// opens nothing.
    @Test func assetlinksForAManifestWithoutAppLinksIsAWarningAndExit1() throws {
        let manifest = try file("internal.json", Self.internalOnly)
        let result = run(["assetlinks", manifest, "--package", "a.b", "--fingerprint", Self.release])
        #expect(result.status == 1)
        #expect(result.out.joined().contains(#""package_name": "a.b""#))
        #expect(
            result.err == [
                "warning: the file verifies nothing: no route is exposed to universal links, so the app has "
                    + "no App Links filter for Android to verify"
            ])
        let unreadable = run([
            "assetlinks", directory.appendingPathComponent("missing.json").path, "--package", "a.b",
            "--fingerprint", Self.release,
        ])
        #expect(unreadable.status == 1)
        #expect(unreadable.out.isEmpty)
    }

    @Test func androidWritesTheFiltersOfTheAppsSchemes() throws {
        let manifest = try file("m.json", Self.exposed)
        let result = run(["android", manifest, "--scheme", "cono"])
        #expect(result.status == 0)
        let xml = result.out.joined(separator: "\n")
        #expect(xml.contains(#"    <data android:scheme="cono" />"#))
        #expect(xml.contains(#"    <data android:host="*" />"#))
        #expect(!xml.contains("autoVerify"))
        #expect(
            result.err.contains {
                $0.hasPrefix("note: /settings/privacy (Shop.PrivacyActivity): a link without")
            })
        let both = run(["android", manifest, "--host", "test.com", "--scheme", "cono", "--scheme", "shop"])
        #expect(both.status == 0)
        #expect(both.out.joined(separator: "\n").components(separatedBy: "<intent-filter").count == 4)
    }

    @Test func androidRefusesABadOrRepeatedSchemeAndNeitherOption() throws {
        let manifest = try file("m.json", Self.exposed)
        let url = run(["android", manifest, "--scheme", "cono://"])
        #expect(url.status == 2)
        #expect(
            url.err == [
                #"error: --scheme "cono://": a scheme is written without ":" or "://" (write cono) (see --help)"#
            ])
        let twice = run(["android", manifest, "--scheme", "cono", "--scheme", "Cono"])
        #expect(twice.status == 2)
        #expect(twice.err == [#"error: --scheme "Cono" is given twice (see --help)"#])
        let neither = run(["android", manifest, "--advanced"])
        #expect(neither.status == 2)
        #expect(neither.err == ["error: android needs --host HOST or --scheme SCHEME (see --help)"])
    }

    /// The App Links may open links while a scheme's filters open none (or the other way round):
    /// each part that opens nothing is a warning and exit 1, as a file that opens nothing is.
    @Test func aSchemeWhoseFiltersOpenNothingIsAWarningAndExit1() throws {
        let manifest = try file(
            "https.json",
            RouteManifest(routes: [
                RouteManifest.Route(
                    pattern: "https://test.com/web", activity: "Shop.WebActivity", exposure: .external)
            ]))
        let result = run(["android", manifest, "--host", "test.com", "--scheme", "cono"])
        #expect(result.status == 1)
        #expect(result.out.joined().contains(#"android:scheme="https""#))
        #expect(
            result.err == [
                "warning: the cono: filters open no link in the app: no route exposed to other apps matches "
                    + "cono: URLs"
            ])
    }
}

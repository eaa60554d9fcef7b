import Foundation
import Testing

/// `SampleApp --export FORMAT`: one document on standard output, exit status 0, notes (if any) on
/// standard error only.
@Suite struct SampleAppExportTests {
    let binary = SampleAppExecutableTests()

    @Test func theManifestIsOneJSONDocument() throws {
        let result = try binary.run(["--export", "manifest"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["schemaVersion"] as? Int == 4)
    }

    @Test func theAppSiteAssociationIsOneJSONDocumentForTheSampleApp() throws {
        let result = try binary.run(["--export", "aasa"])
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let details = (object["applinks"] as? [String: Any])?["details"] as? [[String: Any]]
        #expect(details?.first?["appIDs"] as? [String] == ["ABCDE12345.com.example.cono"])
        let components = details?.first?["components"] as? [[String: Any]] ?? []
        #expect(components.contains { $0["/"] as? String == "/product/?*" })
        #expect(
            components.contains { $0["/"] as? String == "/product/?*/?*" && $0["exclude"] as? Bool == true })
        // `/product/:id<int>` cannot be said exactly: noted, on standard error only.
        #expect(result.stderr.contains("/product/:id<int>"))
        #expect(!result.stdout.contains("note:"))
    }

    @Test func theAndroidFilterIsOneWellFormedXMLElement() throws {
        let result = try binary.run(["--export", "android"])
        #expect(result.status == 0)
        let xml = result.stdout
        #expect(xml.hasPrefix("<intent-filter ") && xml.hasSuffix("</intent-filter>\n"))
        #expect(xml.components(separatedBy: "<intent-filter").count == 2)
        #expect(xml.contains("<data android:host=\"test.com\" />"))
        #expect(xml.contains("<data android:pathPattern=\"/product/..*\" />"))
        // Well-formed enough for a manifest: every element closed, every attribute quoted, no raw
        // "&" or "<" inside a value.
        var depth = 0
        for element in xml.components(separatedBy: "<").dropFirst() {
            let tag = try #require(element.split(separator: ">", maxSplits: 1).first)
            if tag.hasPrefix("/") {
                depth -= 1
            } else if !tag.hasSuffix("/") {
                depth += 1
            }
            #expect(tag.filter { $0 == "\"" }.count % 2 == 0, "\(tag)")
            #expect(!tag.contains("&") || tag.contains("&amp;") || tag.contains("&quot;"), "\(tag)")
            #expect(depth >= 0)
        }
        #expect(depth == 0)
        #expect(!result.stdout.contains("note:"))
        #expect(result.stderr.contains("deeper paths"))
    }

    /// Regression: `--export manifest URL` wrote the manifest and ignored the URL in silence.
    @Test func anythingAfterTheFormatIsAUsageError() throws {
        let result = try binary.run(["--export", "manifest", "cono://test.com/product/1"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--export writes one document and takes nothing after its format"))
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = try binary.run(["--export", "plist"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
    }
}

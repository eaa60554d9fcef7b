import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

@testable import DispatchManifestTool

/// The command-line tool, run in process: exit statuses, and errors that name the file and entry.
@Suite("dispatch-manifest")
struct ManifestToolTests {
    final class Output: @unchecked Sendable {
        var out: [String] = []
        var err: [String] = []
    }

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "dispatch-manifest-\(UInt64.random(in: 0...UInt64.max))")

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String], input: String = "") -> (status: Int32, out: [String], err: [String]) {
        let output = Output()
        let tool = ManifestTool(
            out: { output.out.append($0) }, err: { output.err.append($0) }, input: { Data(input.utf8) })
        let status = tool.run(arguments)
        return (status, output.out, output.err)
    }

    static let manifest = RouteManifest(routes: [
        RouteManifest.Route(
            pattern: "/product/:id<int>", activity: "Shop.ProductActivity", exposure: .external,
            parameters: [RouteManifest.Parameter(name: "id", type: .int)], examples: ["/product/42"])
    ])

    @Test func helpPrintsTheCommandsAndSucceeds() {
        let result = run(["--help"])
        #expect(result.status == 0)
        #expect(result.out.joined().contains("check-rules RULES MANIFEST"))
    }

    /// Pins the drift between the command list of `--help` and each command's own usage (the list
    /// said aasa exits 1 when the file opens nothing, the command's usage did not), and the aasa
    /// and android usages that named only an unusable manifest as a reason for exit 1.
    @Test(arguments: ["validate", "diff", "check-rules", "aasa", "android", "assetlinks"])
    func theCommandListSaysWhatEachCommandsUsageSays(command: String) throws {
        func flat(_ lines: [String]) -> String {
            lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let overview = flat(run(["--help"]).out)
        let usageLines = run([command, "--help"]).out.joined(separator: "\n").split(separator: "\n")
        let synopsis = try #require(usageLines.first?.dropFirst("usage: dispatch-manifest ".count))
        #expect(overview.contains(" \(synopsis) "))
        let usage = flat(usageLines.map(String.init))
        let start = try #require(usage.range(of: "Exit status: ")?.upperBound)
        let end = try #require(usage.range(of: ", 2 for bad usage.")?.lowerBound)
        let failure = try #require(usage[start..<end].range(of: ", 1 if ").map { usage[$0.upperBound..<end] })
        #expect(overview.contains("exit 1 if \(failure)"), "the list says otherwise than: 1 if \(failure)")
        if command == "aasa" || command == "android" {
            #expect(failure.contains("open no link") || failure.contains("opens no link"))
        }
        if command == "assetlinks" { #expect(failure.contains("verifies nothing")) }
    }

    @Test func noCommandOrAnUnknownOneIsAUsageError() {
        #expect(run([]).status == 2)
        let unknown = run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.err == [#"error: unknown command "frobnicate" (see --help)"#])
        #expect(run(["validate"]).status == 2)
        #expect(run(["check-rules", "one"]).status == 2)
    }

    @Test func aValidManifestIsCounted() throws {
        let path = try file("good.json", Self.manifest.jsonString())
        let result = run(["validate", path])
        #expect(result.status == 0)
        #expect(result.out == ["\(path): valid, schema version 4, 1 route"])
    }

    @Test func aBadManifestIsNamedWithItsFileAndEntry() throws {
        let text = Self.manifest.jsonString().replacingOccurrences(
            of: "/product/:id<int>\"", with: "/product/:id<int\"")
        let path = try file("bad.json", text)
        let result = run(["validate", path])
        #expect(result.status == 1)
        #expect(result.err.count == 1)
        #expect(result.err.first?.hasPrefix("error: \(path): routes[0].pattern: invalid pattern") == true)
    }

    @Test func aMissingFileIsAFailureNotAUsageError() {
        let path = directory.appendingPathComponent("absent.json").path
        let result = run(["validate", path])
        #expect(result.status == 1)
        #expect(result.err == ["error: \(path): no such file"])
    }

    @Test func checkRulesReportsEachProblemAndFails() throws {
        let manifest = try file("manifest.json", Self.manifest.jsonString())
        let rules = try file(
            "rules.json",
            #"{"version": 1, "rules": [{"pattern": "/product/:id<int>", "target": "/goods/:id"}]}"#)
        let result = run(["check-rules", rules, manifest])
        #expect(result.status == 1)
        #expect(
            result.out == [
                #"\#(rules): rules[0] "/product/:id<int>": the target "/goods/:id" is not an http or https page, and no route claims it"#,
                "\(rules): 1 rule, 1 problem",
            ])
        let clean = try file(
            "clean.json",
            #"{"version": 1, "rules": [{"pattern": "/product/:id<int>", "target": "https://m.test.com/goods/:id"}]}"#
        )
        let passed = run(["check-rules", clean, manifest])
        #expect(passed.status == 0)
        #expect(passed.out == ["\(clean): 1 rule, no problem found"])
    }

    @Test func aasaWritesOneJSONDocumentAndNotesOnStandardError() throws {
        let manifest = try file("manifest.json", Self.manifest.jsonString())
        let result = run([
            "aasa", manifest, "--app-id", "ABCDE12345.com.example.shop", "--domain", "test.com",
        ])
        #expect(result.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(result.out.joined(separator: "\n").utf8))
        #expect((document as? [String: Any])?["applinks"] != nil)
        #expect(result.err.allSatisfy { $0.hasPrefix("note: ") })
        #expect(
            result.err.contains { $0.contains("/product/:id<int>") }, "an int parameter is over-approximated")
    }

    @Test func androidWritesTheIntentFilterForEachSyntax() throws {
        let manifest = try file("manifest.json", Self.manifest.jsonString())
        let plain = run(["android", manifest, "--host", "test.com"])
        #expect(plain.status == 0)
        #expect(plain.out.first?.hasPrefix("<intent-filter") == true)
        #expect(plain.out.contains { $0.contains("android:pathPattern=") })
        let advanced = run(["android", manifest, "--host", "test.com", "--advanced"])
        #expect(advanced.status == 0)
        #expect(advanced.out.contains { $0.contains("android:pathAdvancedPattern=") })
    }

    @Test func generatorsWithoutTheirOptionsAreUsageErrors() throws {
        let manifest = try file("manifest.json", Self.manifest.jsonString())
        #expect(run(["aasa", manifest, "--domain", "test.com"]).status == 2)
        #expect(run(["aasa", manifest, "--app-id"]).status == 2)
        #expect(run(["android", manifest]).status == 2)
        #expect(run(["android", manifest, "--host", "test.com", "--bogus"]).status == 2)
        #expect(run(["android", "--host", "test.com"]).status == 2)
    }

    @Test func diffListsTheChangesAndFailsOnlyOnBreakingOnes() throws {
        let old = try file("old.json", Self.manifest.jsonString())
        var grown = Self.manifest
        grown.routes.append(
            RouteManifest.Route(pattern: "/cart", activity: "Shop.CartActivity", examples: ["/cart"]))
        let added = try file("added.json", grown.jsonString())
        let addition = run(["diff", old, added])
        #expect(addition.status == 0)
        #expect(addition.out.last == "1 change, 0 breaking links in the wild")
        #expect(addition.out.first?.hasPrefix("breaking: ") == false)

        let removed = try file("removed.json", RouteManifest(routes: []).jsonString())
        let removal = run(["diff", old, removed])
        #expect(removal.status == 1)
        #expect(
            removal.out.first?.hasPrefix("breaking: The route /product/:id<int> of Shop.ProductActivity")
                == true)
        #expect(run(["diff", old, old]).out == ["no change"])
        #expect(run(["diff", old]).status == 2)
    }

    /// A module link's cases are routes of their own (`linkCase`): a case made internal in an
    /// external class, and a case removed with its pattern, are breaking.
    @Test func diffReadsAModuleLinksCasesAsRoutes() throws {
        func route(
            _ pattern: String, _ linkCase: String, _ exposure: RouteManifest.Exposure, _ example: String
        )
            -> RouteManifest.Route
        {
            RouteManifest.Route(
                pattern: pattern, activity: "Shop.ShopModule", exposure: exposure,
                parameters: [
                    RouteManifest.Parameter(name: "id", type: .int, swiftType: "Int", isOptionalInLink: false)
                ],
                examples: [example], link: "ShopModule.Link", query: [], linkCase: linkCase)
        }
        let old = RouteManifest(routes: [
            route("/orders/:id<int>", "orders", .external, "/orders/42"),
            route("/product/:id<int>", "product", .external, "/product/42"),
            route("/wishlist/:id<int>", "wishlist", .external, "/wishlist/42"),
        ])
        let new = RouteManifest(routes: [
            route("/orders/:id<int>", "orders", .internalOnly, "/orders/42"),
            route("/product/:id<int>", "product", .external, "/product/42"),
        ])
        let result = run([
            "diff", try file("old.json", old.jsonString()), try file("new.json", new.jsonString()),
        ])
        #expect(result.status == 1)
        #expect(
            result.out.contains {
                $0.hasPrefix("breaking: The route /wishlist/:id<int> of Shop.ShopModule is gone")
            })
        #expect(result.out.contains { $0.hasPrefix("breaking: Shop.ShopModule, reached by /orders/42") })
        #expect(result.out.last == "2 changes, 2 breaking links in the wild")
        let association = run([
            "aasa", try file("new.json", new.jsonString()), "--app-id", "ABCDE12345.com.example.shop",
            "--domain", "test.com",
        ])
        #expect(
            association.out.joined().contains("/product/") && !association.out.joined().contains("/orders"))
    }

    /// A release where the internal `/account/logout` became external and took a higher priority.
    static let logout = RouteManifest(routes: [
        RouteManifest.Route(
            pattern: "/account/logout", activity: "Shop.LogoutActivity", examples: ["/account/logout"])
    ])

    /// Pins a widened exposure that `diff` reported as "no change", exit 0: it is listed as a
    /// widening, the summary counts it, and the check fails until it is accepted by name.
    @Test func diffFailsOnAWidenedExposureUntilItIsAccepted() throws {
        let old = try file("internal.json", Self.logout.jsonString())
        var widened = Self.logout
        widened.routes[0].exposure = .external
        widened.routes[0].priority = 5
        let new = try file("external.json", widened.jsonString())
        let line =
            "Shop.LogoutActivity, reached by /account/logout through /account/logout, went from internal "
            + "to external: universal links, notifications and other apps now reach it."
        let review = run(["diff", old, new])
        #expect(review.status == 1)
        #expect(
            review.out == [
                "widening: " + line,
                "1 change, 0 breaking links in the wild, 1 widened exposure to review",
            ])
        let accepted = run(["diff", old, new, "--accept-widening", "Shop.LogoutActivity"])
        #expect(accepted.status == 0)
        #expect(accepted.out.first?.hasPrefix("accepted widening: Shop.LogoutActivity") == true)
        #expect(accepted.out.last == "1 change, 0 breaking links in the wild, 1 widened exposure accepted")
        #expect(accepted.err.isEmpty)
        // Accepting another activity accepts nothing, and says so.
        let other = run(["diff", "--accept-widening", "Shop.AdminActivity", old, new])
        #expect(other.status == 1)
        #expect(
            other.err == [
                "note: --accept-widening Shop.AdminActivity: no exposure of Shop.AdminActivity widened in this diff"
            ])
        #expect(run(["diff", old, new, "--accept-widening"]).status == 2)
        #expect(run(["diff", old, new, "--accept"]).status == 2)
    }

    /// Pins a class moved to another module reported as a breaking retarget: it is a move.
    @Test func diffReportsAMoveToAnotherModuleWithoutFailing() throws {
        let old = try file("old.json", Self.manifest.jsonString())
        var moved = Self.manifest
        moved.routes[0].activity = "ShopCore.ProductActivity"
        let result = run(["diff", old, try file("moved.json", moved.jsonString())])
        #expect(result.status == 0)
        #expect(
            result.out == [
                "Shop.ProductActivity moved to ShopCore.ProductActivity: /product/42, through /product/:id<int>, "
                    + "reaches it as before.",
                "1 change, 0 breaking links in the wild",
            ])
    }

    /// The last release's typed product route, as a manifest file records it.
    static let typedProduct = """
        {
          "customClaimants": [],
          "routes": [
            {
              "activity": "Shop.ProductActivity",
              "examples": ["/product/42"],
              "exposure": {"level": "external"},
              "link": "ProductActivity.Link",
              "parameters": [
                {"isHost": false, "isOptional": false, "isOptionalInLink": false, "name": "id",
                 "swiftType": "Int", "type": "int"}
              ],
              "pattern": "/product/:id<int>",
              "priority": 0,
              "query": [
                {"cases": ["details", "reviews"], "isOptional": true, "name": "tab", "swiftType": "ProductTab"}
              ],
              "wildcard": false
            }
          ],
          "schemaVersion": 3
        }
        """

    /// Pins a typed link's breaking edit that `diff` reported as "no change", exit 0: the id
    /// narrowed from `Int` to `Int16` and a new required campaign, made in the file.
    @Test func diffFailsOnANarrowedKeyAndANewRequiredKey() throws {
        let old = try file("typed-old.json", Self.typedProduct)
        let edited = Self.typedProduct.replacingOccurrences(
            of: #""swiftType": "Int""#, with: #""swiftType": "Int16""#
        )
        .replacingOccurrences(
            of: #""examples": ["/product/42"]"#, with: #""examples": ["/product/42?campaign=example"]"#
        )
        .replacingOccurrences(
            of: #""swiftType": "ProductTab"}"#,
            with:
                #""swiftType": "ProductTab"}, {"isOptional": false, "name": "campaign", "swiftType": "String"}"#
        )
        let new = try file("typed-new.json", edited)
        let result = run(["diff", old, new])
        #expect(result.status == 1)
        #expect(
            result.out == [
                "breaking: The key id of /product/:id<int> (Shop.ProductActivity) accepted an Int and accepts only "
                    + "an Int16: /product/40000 no longer decodes.",
                "breaking: The link of /product/:id<int> (Shop.ProductActivity) requires a new key campaign, a "
                    + "String from the query: /product/42 lacks it and no longer decodes.",
                "2 changes, 2 breaking links in the wild",
            ])
        // Widening it back breaks nothing: the id accepts more, the campaign is gone.
        let back = run(["diff", new, old])
        #expect(back.status == 0)
        #expect(back.out.last == "2 changes, 0 breaking links in the wild")
    }

    /// Pins check-rules failing on rules that map retired links on purpose: marked `"retired"`,
    /// they are reported and counted, and the check passes.
    @Test func checkRulesPassesWithRulesThatMapRetiredLinks() throws {
        let manifest = try file("manifest.json", Self.manifest.jsonString())
        let rules = try file(
            "rules.json",
            #"""
            {"version": 2, "rules": [
              {"pattern": "/item/:id<int>", "target": "/product/:id", "retired": true},
              {"pattern": "/product/:id<int>", "target": "https://m.test.com/goods/:id"}
            ]}
            """#)
        let result = run(["check-rules", rules, manifest])
        #expect(result.status == 0)
        #expect(
            result.out == [
                #"\#(rules): rules[0] "/item/:id<int>": maps retired links, as the rule says: no route matches this pattern, and its links go to "/product/:id""#,
                "\(rules): 2 rules, no problem found (1 maps retired links)",
            ])
    }
}

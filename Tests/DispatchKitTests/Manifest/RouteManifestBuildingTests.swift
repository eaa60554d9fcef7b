import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

// `center.routeManifest()`: what each entry says, the examples, and the JSON form.

@MainActor
@Suite struct RouteManifestBuildingTests {
    typealias Fixture = ManifestFixture

    func name(_ slot: Int) -> String { ManifestRelease.name(slot) }

    func route(_ manifest: RouteManifest, _ pattern: String) -> RouteManifest.Route? {
        manifest.routes.first { $0.pattern == pattern }
    }

    @Test func everyOptionalGroupCombinationHasAnExample() throws {
        let manifest = ManifestRelease([Fixture(["/a(/:b<int>)(/c(/:d))"])]).manifest()
        let entry = try #require(route(manifest, "/a(/:b<int>)(/c(/:d))"))
        #expect(
            Set(entry.examples) == [
                "/a/42/c/sample", "/a/42/c", "/a/42", "/a/c/sample", "/a/c", "/a",
            ])
        #expect(entry.examples.count == 6)
        #expect(
            entry.parameters == [
                RouteManifest.Parameter(name: "b", type: .int, isOptional: true),
                RouteManifest.Parameter(name: "d", type: .plain, isOptional: true),
            ])
        // Every example matches the pattern.
        for example in entry.examples {
            #expect(RoutePattern("/a(/:b<int>)(/c(/:d))").match(try DispatchURL(string: example)) != nil)
        }
    }

    @Test func aWildcardHasAnExampleWithNothingAndOneWithASegmentAfterIt() throws {
        let manifest = ManifestRelease([Fixture(["/files/:root/*"])]).manifest()
        let entry = try #require(route(manifest, "/files/:root/*"))
        #expect(entry.wildcard)
        #expect(entry.examples == ["/files/sample", "/files/sample/more"])
    }

    @Test func typedParametersHaveTheirTypeAndSampleValues() throws {
        let manifest = ManifestRelease([
            Fixture(["app://:tenant/order/:id<uuid>/:kind<gift|plain>/:n<int>/:note"], exposure: .external)
        ]).manifest()
        let entry = try #require(manifest.routes.first)
        #expect(
            entry.parameters == [
                RouteManifest.Parameter(name: "tenant", type: .plain, isHost: true),
                RouteManifest.Parameter(name: "id", type: .uuid),
                RouteManifest.Parameter(name: "kind", type: .values, values: ["gift", "plain"]),
                RouteManifest.Parameter(name: "n", type: .int),
                RouteManifest.Parameter(name: "note", type: .plain),
            ])
        #expect(
            entry.examples == ["app://example.com/order/123e4567-e89b-42d3-a456-426614174000/gift/42/sample"])
        #expect(entry.exposure == .external)
        #expect(entry.activity == name(0))
    }

    @Test func customClassesAndTheFallbackAreListedAsSuch() {
        let manifest = ManifestRelease(
            [
                Fixture(["/b"]),
                Fixture(priority: 3, exposure: .external, claims: { $0.host == "legacy" }),
                Fixture(claims: { _ in false }),
                Fixture(),
            ], fallback: 3
        ).manifest()
        #expect(manifest.routes.map(\.activity) == [name(0)])
        // In consultation order: priority 3 first.
        #expect(
            manifest.customClaimants == [
                RouteManifest.CustomClaimant(activity: name(1), priority: 3, exposure: .external),
                RouteManifest.CustomClaimant(activity: name(2)),
            ])
        #expect(manifest.fallback == RouteManifest.CustomClaimant(activity: name(3)))
    }

    @Test func routesAreSortedByPatternThenActivity() {
        let manifest = ManifestRelease([Fixture(["/z", "/a"]), Fixture(["/m", "/a"])]).manifest()
        #expect(
            manifest.routes.map { "\($0.pattern) \($0.activity)" } == [
                "/a \(name(0))", "/a \(name(1))", "/m \(name(1))", "/z \(name(0))",
            ])
    }

    @Test func theJSONIsTheSameBytesWhateverTheRegistrationOrder() {
        let classes = [
            Fixture(["/product/:id<int>(/reviews)", "//shop/item/:id"], exposure: .external),
            Fixture(
                ["/list/:kind<new|hot>/*"], priority: 2,
                exposure: .external(applications: ["b.app", "a.app"])),
        ]
        let first = ManifestRelease(classes).manifest().json()
        var reordered = ManifestRelease(classes)
        reordered.registrationOrder = [1, 0]
        #expect(reordered.manifest().json() == first)
        #expect(ManifestRelease(classes).manifest().json() == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains(#""applications": [\#n          "a.app",\#n          "b.app"\#n        ]"#))
        // Keys sorted, two-space indentation.
        #expect(text.hasPrefix("{\n  \"customClaimants\": [],\n  \"routes\": [\n"))
    }

    @Test func theJSONReadsBackEqual() throws {
        let manifest = ManifestRelease(
            [
                Fixture(["/product/:id<int>(/reviews)", "cono://shop/*"], exposure: .external),
                Fixture(
                    ["//:tenant/home/:kind<a|b>"], priority: -1, exposure: .external(applications: ["x.app"])),
                Fixture(claims: { _ in false }),
                Fixture(),
            ], fallback: 3
        ).manifest()
        #expect(try RouteManifest(json: manifest.json()) == manifest)
        #expect(manifest.schemaVersion == RouteManifest.currentSchemaVersion)
    }

    @Test func anEmptyCenterHasAnEmptyManifest() throws {
        let manifest = DispatchCenter().routeManifest()
        #expect(manifest == RouteManifest(routes: []))
        #expect(
            manifest.jsonString()
                == "{\n  \"customClaimants\": [],\n  \"routes\": [],\n  \"schemaVersion\": 4\n}\n")
        #expect(try RouteManifest(json: manifest.json()) == manifest)
    }
}

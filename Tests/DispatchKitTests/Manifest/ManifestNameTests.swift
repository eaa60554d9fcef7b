import DispatchKit
import DispatchKitManifest
import Testing

/// A private class's full name holds the address of its context, which changes between builds: the
/// manifest leaves it out, so that the document is the same every time.
@Suite("Manifest: activity names")
struct ManifestNameTests {
    private final class HiddenActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/hidden"] }
    }

    @Test @MainActor func aPrivateClassIsNamedWithoutItsContextsAddress() {
        #expect(String(reflecting: HiddenActivity.self).contains("unknown context at"))
        let center = DispatchCenter()
        center.register(HiddenActivity.self)
        #expect(
            center.routeManifest().routes.map(\.activity) == [
                "DispatchKitTests.ManifestNameTests.HiddenActivity"
            ])
    }
}

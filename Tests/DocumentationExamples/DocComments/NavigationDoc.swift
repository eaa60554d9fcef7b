import DispatchKit
import DispatchKitUI
import Foundation
import Testing

// The code blocks of the doc comments in Sources/DispatchKitUI/.

enum NavigatorDoc {
    // snippet: doc-navigator
    final class ProductActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/product/:id<int>"] }

        override func execute() throws {
            try navigator.push(ProductPage(id: parameters["id"] ?? ""))
        }

        override func remove() throws {
            try navigator.remove(ProductPage(id: parameters["id"] ?? ""))
        }
    }

    struct ProductPage: Hashable {
        var id: String
    }
    // snippet: end
}

enum NavigatorOpenDoc {
    // snippet: doc-navigator-open
    // cono://test.com/settings/privacy: Mine > Settings > Privacy, not Privacy alone.
    @MainActor func openPrivacy(with navigator: any DispatchNavigator) throws {
        try navigator.open("privacy", parents: ["settings"], inTab: "mine")
    }
    // snippet: end
}

struct RecordingNavigatorDoc {
    // snippet: doc-recording-navigator
    final class PrivacyActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/settings/privacy"] }

        override func execute() throws {
            try navigator.open("privacy", parents: ["settings"], inTab: "mine")
        }
    }

    @MainActor func checkPrivacyLink() {
        let center = DispatchCenter()
        center.register(PrivacyActivity.self)
        let navigator = RecordingNavigator(selectedTab: "home")
        center.navigator = navigator
        center.dispatch("cono://test.com/settings/privacy")
        assert(navigator.steps == [.selectTab("mine"), .setStack(["settings", "privacy"])])
        assert(navigator.state.visiblePage == AnyHashable("privacy"))
    }
    // snippet: end
}

@Suite struct NavigationDocTests {
    /// The recording navigator's example asserts what it claims; running it keeps the claim true.
    @Test @MainActor func theRecordingNavigatorExampleHolds() {
        RecordingNavigatorDoc().checkPrivacyLink()
    }
}

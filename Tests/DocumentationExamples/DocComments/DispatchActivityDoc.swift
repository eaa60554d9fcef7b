import DispatchKit

// The code blocks of the doc comments in Activity/DispatchActivity.swift. The one of
// `makeDestination()` is DestinationsAndServices.md's (destinations-product, in
// DestinationsAndServicesExamples.swift).
enum DispatchActivityDoc {
    @MainActor static func classCluster() {
        // snippet: doc-activity
        final class MineDispatchActivity: DispatchActivity {
            override class func isHit(url: DispatchURL) -> Bool {
                url.firstPath == "mine_home" || url.firstPath == "settings_home"
            }

            override func execute() throws {
                switch paths.first {
                case "mine_home": print("push MinePage(uid: \(query["uid"] ?? "-"))")
                default: print("push SettingsPage")
                }
            }
        }

        DispatchCenter.shared.register(MineDispatchActivity.self)
        DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=42")
        // snippet: end
    }

    final class ProductActivity: DispatchActivity {
        // snippet: doc-activity-patterns
        override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }
        // snippet: end

        // snippet: doc-activity-exposure
        override class var exposure: DispatchExposure { .external }
        // snippet: end
    }
}

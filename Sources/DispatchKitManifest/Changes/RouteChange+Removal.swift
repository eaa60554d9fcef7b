import DispatchKit

extension RouteChange {
    /// Links that reached an activity through a route of the earlier release and now reach no
    /// activity: nothing, only the fallback, or — from a manifest, which cannot ask classes with a
    /// custom `isHit` — a custom claimant or the fallback. Breaking.
    public struct Removal: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route that the links reached.
        public var pattern: String
        /// Its activity.
        public var activity: String
        /// The links, as URL text.
        public var examples: [String]
        /// What they reach now: never ``Reach/activity(_:)``.
        public var now: Reach

        /// A removal.
        public init(pattern: String, activity: String, examples: [String], now: Reach) {
            self.pattern = pattern
            self.activity = activity
            self.examples = examples
            self.now = now
        }

        /// Always `true`: the links no longer open their page.
        public var isBreaking: Bool { true }

        /// `The route /product/:id<int> of Shop.ProductActivity is gone: /product/42 now reaches
        /// only the fallback Shop.WebActivity.`
        public var description: String {
            "The route \(pattern) of \(activity) is gone: "
                + "\(Prose.subject(examples, "now reaches", "now reach")) \(now)."
        }
    }
}

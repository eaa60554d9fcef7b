import DispatchKit

extension RouteChange {
    /// A route of the new release whose examples reach its activity, where in the earlier release
    /// they reached something else (nothing, the fallback, or another activity: a new route may
    /// take links from an older, less specific one). Not breaking.
    public struct Addition: Sendable, Hashable, CustomStringConvertible {
        /// The new route.
        public var pattern: String
        /// Its activity.
        public var activity: String
        /// Its examples that reach it and reached something else before, as URL text.
        public var examples: [String]
        /// What they reached in the earlier release: never this activity.
        public var before: Reach

        /// An addition.
        public init(pattern: String, activity: String, examples: [String], before: Reach) {
            self.pattern = pattern
            self.activity = activity
            self.examples = examples
            self.before = before
        }

        /// Always `false`: no link that worked stops working because of it.
        public var isBreaking: Bool { false }

        /// `The route /cart/:id of Shop.CartActivity takes /cart/sample, which reached nothing
        /// before.`
        public var description: String {
            "The route \(pattern) of \(activity) takes \(Prose.list(examples)), which reached "
                + "\(before) before."
        }
    }
}

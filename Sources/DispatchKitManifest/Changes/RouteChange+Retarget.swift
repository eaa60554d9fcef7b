import DispatchKit

extension RouteChange {
    /// Links that reached one activity through a route of the earlier release and now reach
    /// another (a class renamed shows as this too). Breaking.
    public struct Retarget: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route that the links reached.
        public var pattern: String
        /// The activity they reached.
        public var activity: String
        /// The links, as URL text.
        public var examples: [String]
        /// The activity they reach now.
        public var newActivity: String

        /// A retarget.
        public init(pattern: String, activity: String, examples: [String], newActivity: String) {
            self.pattern = pattern
            self.activity = activity
            self.examples = examples
            self.newActivity = newActivity
        }

        /// Always `true`: the links open another page.
        public var isBreaking: Bool { true }

        /// `/p/sample, which reached Shop.ProductActivity through /p/:id, now reaches
        /// Shop.PromoActivity.`
        public var description: String {
            "\(Prose.list(examples)), which reached \(activity) through \(pattern), "
                + "now \(Prose.agreeing(with: examples.count, "reaches", "reach")) \(newActivity)."
        }
    }
}

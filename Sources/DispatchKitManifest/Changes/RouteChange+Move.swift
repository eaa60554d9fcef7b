import DispatchKit

extension RouteChange {
    /// Links that reach an activity that moved to another module: the same type name, the same
    /// patterns, another module in its module-qualified name (`Shop.ProductActivity` became
    /// `ShopCore.ProductActivity`). Not breaking: the links open the same page, declared elsewhere.
    ///
    /// A class counts as moved when the earlier release had a class of that name (without its
    /// module) that the new release lacks, the new release has exactly one such class that the
    /// earlier one lacked, and the two declare the same patterns. Anything else that sends links to
    /// another class, a rename included, is a ``Retarget``.
    public struct Move: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route that the links reached.
        public var pattern: String
        /// The activity's module-qualified name in the earlier release.
        public var activity: String
        /// The links, as URL text.
        public var examples: [String]
        /// Its module-qualified name now.
        public var newActivity: String

        /// A move.
        public init(pattern: String, activity: String, examples: [String], newActivity: String) {
            self.pattern = pattern
            self.activity = activity
            self.examples = examples
            self.newActivity = newActivity
        }

        /// Always `false`: the links open the same page.
        public var isBreaking: Bool { false }

        /// `Shop.ProductActivity moved to ShopCore.ProductActivity: /product/42, through
        /// /product/:id<int>, reaches it as before.`
        public var description: String {
            "\(activity) moved to \(newActivity): \(Prose.list(examples)), through \(pattern), "
                + "\(Prose.agreeing(with: examples.count, "reaches", "reach")) it as before."
        }

        /// The part of a module-qualified name after the module: `ProductActivity` for
        /// `Shop.ProductActivity`, `Outer.Inner` for `Shop.Outer.Inner`; `nil` for a name without
        /// a module.
        static func typeName(of activity: String) -> Substring? {
            guard let dot = activity.firstIndex(of: ".") else { return nil }
            return activity[activity.index(after: dot)...]
        }
    }
}

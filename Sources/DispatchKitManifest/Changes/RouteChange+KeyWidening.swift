import DispatchKit

extension RouteChange {
    /// A key of a route's typed link that accepts more than it did: a wider integer (`Int16`
    /// became `Int`), an enum with a new case, any type that became `String`, a required key that
    /// became optional, or a new optional key. Not breaking: every link that decoded still does.
    public struct KeyWidening: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route.
        public var pattern: String
        /// Its activity.
        public var activity: String
        /// The key in the earlier release; `nil` for a key the link did not read.
        public var key: LinkKey?
        /// The key now, which accepts more.
        public var newKey: LinkKey
        /// The earlier release's links of the route, which still open it, as URL text.
        public var examples: [String]

        /// A key widening.
        public init(pattern: String, activity: String, key: LinkKey?, newKey: LinkKey, examples: [String]) {
            self.pattern = pattern
            self.activity = activity
            self.key = key
            self.newKey = newKey
            self.examples = examples
        }

        /// Always `false`: no link that worked stops working because of it.
        public var isBreaking: Bool { false }

        /// `The key id of /product/:id<int> (Shop.ProductActivity) accepted an Int16 and accepts an
        /// Int: /product/42 still opens it.`
        public var description: String {
            let links = "\(Prose.subject(examples, "still opens", "still open")) it."
            guard let key else {
                return "The link of \(pattern) (\(activity)) reads a new optional key \(newKey): \(links)"
            }
            let isOptionalNow = key.isOptional == false && newKey.isOptional == true
            var what: [String] = []
            // The type is named when it is what widened: a key made optional whose type did not
            // widen (the same type, or one written another way, `Int` and `Int64`) is only that.
            if !isOptionalNow || KeyTypeComparison(key, newKey) == .widened {
                what.append("accepted \(key.typeWords) and accepts \(newKey.typeWords)")
            }
            if isOptionalNow { what.append("was required and is optional now") }
            return
                "The key \(key.name) of \(pattern) (\(activity)) \(what.joined(separator: ", and ")): \(links)"
        }
    }
}

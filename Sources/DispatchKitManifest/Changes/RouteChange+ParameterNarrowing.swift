import DispatchKit

extension RouteChange {
    /// A parameter that accepts less than it did: `:id` became `:id<int>`, or a value list lost
    /// values. Found by finding the new route of the same activity and the same shape (the same
    /// literals, parameters in the same places); the links are the earlier release's examples
    /// that the new type refuses, or, when they all still pass (a value list that lost a value
    /// its examples do not use), one link built with a value the old type accepted. Breaking.
    public struct ParameterNarrowing: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route.
        public var pattern: String
        /// Its activity, which the new route belongs to as well.
        public var activity: String
        /// The new route of the same shape, whose parameter accepts less.
        public var newPattern: String
        /// The parameter in ``pattern``.
        public var parameter: RouteManifest.Parameter
        /// The same parameter in ``newPattern`` (its name may differ).
        public var newParameter: RouteManifest.Parameter
        /// Links the old parameter accepted and the new one refuses, as URL text.
        public var examples: [String]
        /// What those links reach now.
        public var now: Reach

        /// A narrowing.
        public init(
            pattern: String, activity: String, newPattern: String, parameter: RouteManifest.Parameter,
            newParameter: RouteManifest.Parameter, examples: [String], now: Reach
        ) {
            self.pattern = pattern
            self.activity = activity
            self.newPattern = newPattern
            self.parameter = parameter
            self.newParameter = newParameter
            self.examples = examples
            self.now = now
        }

        /// Always `true`: links with the values the parameter no longer accepts stop working.
        public var isBreaking: Bool { true }

        /// `The parameter id of /user/:id (Shop.UserActivity) accepted any segment and accepts
        /// only an integer in /user/:id<int>: /user/sample now reaches nothing.`
        public var description: String {
            "The parameter \(parameter.name) of \(pattern) (\(activity)) accepted "
                + "\(Self.words(for: parameter)) and accepts only \(Self.words(for: newParameter)) in "
                + "\(newPattern): \(Prose.subject(examples, "now reaches", "now reach")) \(now)."
        }

        /// What a parameter accepts, in words.
        static func words(for parameter: RouteManifest.Parameter) -> String {
            switch parameter.type {
            case .plain: return "any segment"
            case .int: return "an integer"
            case .uuid: return "a UUID"
            case .values: return "one of " + Prose.list(parameter.values ?? [], conjunction: "or")
            }
        }
    }
}

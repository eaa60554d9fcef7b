/// The routes of a module link as registration reads them: each with its case found (see
/// ``LinkCaseReading``). Not generic, so that the center, `validate()` and the route manifest read
/// every class's routes alike.
package struct LinkCaseRoutes {
    /// One route and what was found of its case.
    package final class Case: Sendable {
        /// The case's name, as written in the enum; `nil` when no value of it could be made.
        package let name: String?
        package let patterns: [RoutePattern]
        package let exposure: DispatchExposure?
        package let priority: Int?
        /// How a URL's values become the case (see ``LinkCaseReading/reader``).
        let reader: LinkCaseReader?
        /// Why ``name`` is `nil`.
        package let problem: LinkDecodingError?
        /// Why ``name`` is `nil`, for a route given a value of this case, which has associated
        /// values, in place of the case (see ``LinkCaseReading/valueOfCase``).
        package let valueOfCase: String?

        init(
            name: String?, patterns: [RoutePattern], exposure: DispatchExposure?, priority: Int?,
            reader: LinkCaseReader?, problem: LinkDecodingError?, valueOfCase: String?
        ) {
            self.name = name
            self.patterns = patterns
            self.exposure = exposure
            self.priority = priority
            self.reader = reader
            self.problem = problem
            self.valueOfCase = valueOfCase
        }
    }

    /// The routes in the order written.
    package let cases: [Case]

    /// No routes: a class that is not a module of cases.
    init() {
        cases = []
    }

    /// The routes of `routes`, each case found now.
    init<Link: DispatchLink>(_ routes: [LinkRoute<Link>]) {
        cases = routes.map { route in
            let reading = route.reader()
            return Case(
                name: reading.name, patterns: route.patterns, exposure: route.exposure,
                priority: route.priority,
                reader: reading.reader, problem: reading.problem, valueOfCase: reading.valueOfCase)
        }
    }

    /// Whether no case has a route: the class is not a module of cases.
    package var isEmpty: Bool { cases.isEmpty }
}

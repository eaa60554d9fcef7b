import DispatchKit

/// One business module: a `DispatchActivity` subclass declaring its 10 routes as patterns.
///
/// What an app writes as
/// `override class var patterns: [RoutePattern] { ["/m3/page0", …, "/m3/item/:id", …] }`; here the
/// strings come from a table, and are turned into `RoutePattern`s on each read, as the literals of
/// a hand-written class would be. The center reads `patterns` when it builds its index, never while
/// dispatching.
final class ModuleActivity<Number: TypeNumber>: DispatchActivity {
    override class var patterns: [RoutePattern] {
        // A loop rather than `map`: Swift 6 checks the executor inside a main-actor closure on
        // every call, a cost a literal array in an app's class does not have.
        let strings = Modules.patterns[Modules.table.value(of: self)]
        var patterns: [RoutePattern] = []
        patterns.reserveCapacity(strings.count)
        for string in strings { patterns.append(RoutePattern(stringLiteral: string)) }
        return patterns
    }

    override func execute() throws {}
}

/// The module classes and their patterns, shared by every size (module `m` has the same routes
/// in every ``RouteSet``).
@MainActor
enum Modules {
    fileprivate static var table = ClassTable([])
    fileprivate static var patterns: [[String]] = []
    /// `classes[m]` declares the routes of module `m`.
    private(set) static var classes: [DispatchActivity.Type] = []

    /// Makes one class per module of `routeSet` (the largest set; smaller sets use a prefix).
    static func prepare(_ routeSet: RouteSet) {
        classes = distinctClasses(routeSet.moduleCount) { number in moduleClass(number) }
        table = ClassTable(classes)
        let perModule = RouteSet.routesPerModule
        patterns = (0..<routeSet.moduleCount).map { module in
            routeSet.routes[module * perModule..<(module + 1) * perModule].map(\.pattern)
        }
    }

    private static func moduleClass<T: TypeNumber>(_: T.Type) -> DispatchActivity.Type {
        ModuleActivity<T>.self
    }

    /// The module a class stands for.
    static func module(of type: DispatchActivity.Type) -> Int { table.value(of: type) }

    /// A new center with the classes of the first `count` modules registered, its index not yet
    /// built.
    static func center(moduleCount count: Int) -> DispatchCenter {
        let center = DispatchCenter()
        center.register(Array(classes.prefix(count)))
        return center
    }

    /// Builds what the center builds before its first dispatch (the ordered registry and the
    /// route index), without dispatching.
    static func freeze(_ center: DispatchCenter) {
        blackHole(center.registeredActivities.count)
    }
}

/// DispatchKit's full dispatch of the lookup strings: parse into a `DispatchURL`, match, create
/// the activity, run its (empty) `execute()`.
enum DispatchKitSubject {
    @MainActor
    static func body(_ center: DispatchCenter, _ lookups: [String]) -> (Int) -> Int {
        var next = 0
        return { operations in
            var handled = 0
            for _ in 0..<operations {
                if center.dispatch(lookups[next]).isHandled { handled += 1 }
                next = (next + 1) & (lookups.count - 1)
            }
            return handled
        }
    }
}

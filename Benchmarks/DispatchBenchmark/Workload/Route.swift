/// One route of the benchmark, spelled for each router that takes it.
struct Route: Sendable {
    /// One segment of the route's path.
    enum Segment: Sendable, Hashable {
        case literal(String)
        /// A parameter; `isInt` for DispatchKit's typed `:name<int>`.
        case parameter(name: String, isInt: Bool)
    }

    /// Position in ``RouteSet/routes``: what every router returns for a hit.
    let index: Int
    /// The module (the DispatchKit class) that declares it: `index / RouteSet.routesPerModule`.
    let module: Int
    let segments: [Segment]

    /// DispatchKit's pattern: `/m12/order/:oid/line/:lid<int>`.
    var pattern: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): return text
                case .parameter(let name, let isInt): return ":" + name + (isInt ? "<int>" : "")
                }
            }.joined(separator: "/")
    }

    /// RoutingKit's spelling: `/m12/order/:oid/line/:lid` (it has no typed parameters).
    var routingKitPattern: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): return text
                case .parameter(let name, _): return ":" + name
                }
            }.joined(separator: "/")
    }

    /// The reference rule every router must agree with: same number of segments, literals equal,
    /// `int` parameters all digits.
    func matches(_ paths: [String]) -> [String: String]? {
        guard paths.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, path) in zip(segments, paths) {
            switch segment {
            case .literal(let text):
                guard text == path else { return nil }
            case .parameter(let name, let isInt):
                if isInt, path.isEmpty || !path.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return nil }
                parameters[name] = path
            }
        }
        return parameters
    }
}

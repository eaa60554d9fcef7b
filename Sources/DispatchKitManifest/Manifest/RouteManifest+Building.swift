import DispatchKit

extension DispatchCenter {
    /// The routes of every registered class, as a ``RouteManifest``.
    ///
    /// Nothing is dispatched or created: the manifest is read from the classes' declarations.
    /// A pattern that does not parse is left out (`validate()` reports it).
    ///
    /// For a class with a typed link (`DispatchActivity.linkType`), the link type is read
    /// without a URL, as `validate()` reads it: each route records the link's name, the Swift
    /// type of each parameter and the keys the link reads from the query, and its examples are
    /// built from values of the link by the encoder of `url(for:)`.
    public func routeManifest() -> RouteManifest {
        var routes: [RouteManifest.Route] = []
        var customClaimants: [RouteManifest.CustomClaimant] = []
        var schemas: [ObjectIdentifier: LinkSchema] = [:]
        for activity in registeredActivities {
            let patterns = activity.patterns
            if patterns.isEmpty {
                customClaimants.append(RouteManifest.CustomClaimant(activity))
                continue
            }
            if let linkType = activity.linkType, !activity.caseRoutes.isEmpty {
                routes += Self.caseRoutes(of: activity, linkType: linkType)
                continue
            }
            var typed: (type: any DispatchLink.Type, schema: LinkSchema)?
            if let linkType = activity.linkType {
                let schema = schemas[ObjectIdentifier(linkType)] ?? LinkSchema.probe(linkType)
                schemas[ObjectIdentifier(linkType)] = schema
                typed = (linkType, schema)
            }
            for pattern in patterns {
                guard var route = RouteManifest.Route(pattern, of: activity) else { continue }
                if let typed, case .success(let compiled) = pattern.compiled {
                    route.describeLink(typed.type, schema: typed.schema, pattern: pattern, compiled: compiled)
                }
                routes.append(route)
            }
        }
        routes.sort {
            ($0.pattern, $0.activity, $0.linkCase ?? "") < ($1.pattern, $1.activity, $1.linkCase ?? "")
        }
        return RouteManifest(
            routes: routes, customClaimants: customClaimants,
            fallback: fallback.map(RouteManifest.CustomClaimant.init))
    }
}

extension DispatchCenter {
    /// The routes of a module link's class: each case's patterns, at the case's priority and
    /// exposure, with the case's associated values as the link's keys.
    private static func caseRoutes(of activity: DispatchActivity.Type, linkType: any DispatchLink.Type)
        -> [RouteManifest.Route]
    {
        var routes: [RouteManifest.Route] = []
        for entry in activity.caseRoutes.cases {
            // A route whose case was not found opens nothing (validate() reports it).
            guard let caseName = entry.name else { continue }
            let schema = LinkSchema.probe(linkType, case: caseName)
            for pattern in entry.patterns {
                guard var route = RouteManifest.Route(pattern, of: activity),
                    case .success(let compiled) = pattern.compiled
                else { continue }
                route.priority = entry.priority ?? activity.priority
                route.exposure = RouteManifest.Exposure(entry.exposure ?? activity.exposure)
                route.describeLink(linkType, schema: schema, pattern: pattern, compiled: compiled)
                routes.append(route)
            }
        }
        return routes
    }
}

extension RouteManifest.CustomClaimant {
    @MainActor init(_ activity: DispatchActivity.Type) {
        self.init(
            activity: RouteManifest.name(of: activity), priority: activity.priority,
            exposure: RouteManifest.Exposure(activity.exposure))
    }
}

extension RouteManifest {
    /// `Shop.ProductActivity`: the name that stays the same across runs and builds of the app.
    ///
    /// A private or local class's full name holds the address of its context
    /// (`Shop.(unknown context at $5627…).Foo`), which changes from build to build; it is left
    /// out (`Shop.Foo`), so that the manifest of such a class is the same every time.
    static func name(of activity: DispatchActivity.Type) -> String {
        // Components are separated by dots outside parentheses; a parenthesized one is a context.
        var components: [String] = []
        var current = ""
        var depth = 0
        for character in String(reflecting: activity) {
            switch character {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "." where depth == 0:
                components.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        components.append(current)
        return components.filter { !$0.hasPrefix("(unknown context at ") }.joined(separator: ".")
    }
}

extension RouteManifest.Route {
    /// The entry of `pattern`, declared by `activity`; `nil` if the pattern does not parse.
    @MainActor init?(_ pattern: RoutePattern, of activity: DispatchActivity.Type) {
        guard case .success(let compiled) = pattern.compiled else { return nil }
        self.init(
            pattern: pattern.description, activity: RouteManifest.name(of: activity),
            priority: activity.priority,
            exposure: RouteManifest.Exposure(activity.exposure), parameters: compiled.manifestParameters,
            wildcard: compiled.hasWildcard, examples: compiled.exampleURLs.map(\.description))
    }
}

extension CompiledPattern {
    /// The sample value of each parameter kind: what the examples put in a parameter's place.
    static func sample(for type: ParameterType?) -> String {
        switch type {
        case nil: return "sample"
        case .int: return "42"
        case .uuid: return "123e4567-e89b-42d3-a456-426614174000"
        case .oneOf(let values): return values.first ?? "sample"
        }
    }

    /// The host the examples use for a `:name` or `*` host.
    static let sampleHost = "example.com"

    /// The parameters in the order written, the host's first.
    var manifestParameters: [RouteManifest.Parameter] {
        var parameters: [RouteManifest.Parameter] = []
        if case .parameter(let name) = host {
            parameters.append(RouteManifest.Parameter(name: name, type: .plain, isHost: true))
        }
        func collect(_ elements: [PathElement], isOptional: Bool) {
            for element in elements {
                switch element {
                case .segment(.literal):
                    break
                case .segment(.parameter(let name, let type)):
                    parameters.append(RouteManifest.Parameter(name, type: type, isOptional: isOptional))
                case .group(let group):
                    collect(group, isOptional: true)
                }
            }
        }
        collect(elements, isOptional: false)
        return parameters
    }

    /// A URL for every form the pattern takes — each combination of optional groups, and for a `*`
    /// one with nothing and one with a segment after it — with sample values in the parameters.
    var exampleURLs: [DispatchURL] {
        let sampleHost: String?
        switch host {
        case .any: sampleHost = nil
        case .literal(let literal): sampleHost = literal
        case .parameter, .wildcard: sampleHost = Self.sampleHost
        }
        var urls: [DispatchURL] = []
        var seen: Set<String> = []
        for form in expansions {
            let paths = form.map { matcher -> String in
                switch matcher {
                case .literal(let literal): return literal
                case .parameter(_, let type): return Self.sample(for: type)
                }
            }
            for tail in hasWildcard ? [[], ["more"]] : [[String]()] {
                let url = DispatchURL(scheme: scheme, host: sampleHost, paths: paths + tail, queryItems: [])
                if seen.insert(url.description).inserted { urls.append(url) }
            }
        }
        return urls
    }
}

extension RouteManifest.Parameter {
    init(_ name: String, type: ParameterType?, isOptional: Bool) {
        switch type {
        case nil: self.init(name: name, type: .plain, isOptional: isOptional)
        case .int: self.init(name: name, type: .int, isOptional: isOptional)
        case .uuid: self.init(name: name, type: .uuid, isOptional: isOptional)
        case .oneOf(let values): self.init(name: name, type: .values, values: values, isOptional: isOptional)
        }
    }
}

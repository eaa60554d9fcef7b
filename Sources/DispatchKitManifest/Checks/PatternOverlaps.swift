import DispatchKit

// What the checks compare patterns by: their shapes, and whether two of their forms or segments can
// match one URL. In the route tools rather than in DispatchKit, whose `package` declarations every
// app would ship: only validation and the link files read them.

extension CompiledPattern {
    /// What the pattern matches, names aside: two patterns with equal shapes match the same URLs
    /// equally well (`/a/:x` and `/a/:y`).
    var shape: Shape {
        let hostShape: Host
        switch host {
        case .parameter: hostShape = .parameter("")
        default: hostShape = host
        }
        var forms: [[SegmentMatcher]] = []
        for expansion in expansions {
            let form = expansion.map(\.shape)
            if !forms.contains(form) { forms.append(form) }
        }
        return Shape(scheme: scheme, host: hostShape, forms: forms, hasWildcard: hasWildcard)
    }

    /// Compares and hashes its forms as a set: in any order. They are kept in an array, each once,
    /// rather than in a `Set`, which would cost every app its own copy of the set code for a
    /// check that only the route manifest makes.
    struct Shape: Hashable {
        var scheme: String?
        var host: Host
        /// Distinct.
        var forms: [[SegmentMatcher]]
        var hasWildcard: Bool

        static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.hasWildcard == rhs.hasWildcard
                && lhs.forms.count == rhs.forms.count && lhs.forms.allSatisfy(rhs.forms.contains)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(scheme)
            host.combine(into: &hasher)
            hasher.combine(hasWildcard)
            // Order-independent, as `==` is.
            hasher.combine(forms.reduce(0) { $0 ^ Self.hashValue(of: $1) })
        }

        private static func hashValue(of form: [SegmentMatcher]) -> Int {
            var hasher = Hasher()
            for matcher in form { matcher.combine(into: &hasher) }
            return hasher.finalize()
        }
    }

    /// Whether one URL can match two of the forms (the optional groups taken two ways), so that
    /// which parameters it yields depends on precedence, not on the URL: `/a(/:x)/b/*` reads
    /// `/a/b/b` both as `x = "b"` and as `*` = `["b"]`. Two forms overlap when they accept a common
    /// segment at each position they share, and either have the same length or, with a trailing
    /// `*`, the longer one's extra segments can be the shorter one's wildcard.
    var hasOverlappingForms: Bool {
        for (index, form) in expansions.enumerated() {
            for other in expansions[(index + 1)...] {
                guard form.count == other.count || hasWildcard else { continue }
                if zip(form, other).allSatisfy({ $0.overlaps($1) }) { return true }
            }
        }
        return false
    }

}

extension SegmentMatcher {
    /// Whether some segment matches both `self` and `other`.
    func overlaps(_ other: SegmentMatcher) -> Bool {
        switch (self, other) {
        case (.literal(let left), .literal(let right)): return left == right
        case (.literal(let literal), .parameter(_, let type)),
            (.parameter(_, let type), .literal(let literal)):
            return type?.accepts(literal) ?? true
        case (.parameter(_, let left), .parameter(_, let right)):
            guard let left, let right else { return true }
            return left.overlaps(right)
        }
    }

    /// The same matcher with the parameter name erased: two patterns that differ only in names
    /// match the same URLs.
    var shape: SegmentMatcher {
        if case .parameter(_, let type) = self { return .parameter("", type) }
        return self
    }
}

extension ParameterType {
    /// Whether some segment is accepted by both types. (No integer is a UUID: a UUID has hyphens
    /// inside, an integer at most a leading one.)
    func overlaps(_ other: ParameterType) -> Bool {
        switch (self, other) {
        case (.int, .int), (.uuid, .uuid): return true
        case (.int, .uuid), (.uuid, .int): return false
        case (.oneOf(let values), _): return values.contains { other.accepts($0) }
        case (_, .oneOf(let values)): return values.contains { accepts($0) }
        }
    }
}

// The runtime's hosts and matchers are only `Equatable`: hashing them is the route tools' need,
// and as `Hashable` conformances it was code in every app.
extension CompiledPattern.Host {
    func combine(into hasher: inout Hasher) {
        switch self {
        case .any: hasher.combine(0)
        case .wildcard: hasher.combine(1)
        case .literal(let host):
            hasher.combine(2)
            hasher.combine(host)
        case .parameter(let name):
            hasher.combine(3)
            hasher.combine(name)
        }
    }
}

extension SegmentMatcher {
    func combine(into hasher: inout Hasher) {
        switch self {
        case .literal(let literal):
            hasher.combine(0)
            hasher.combine(literal)
        case .parameter(let name, nil):
            hasher.combine(1)
            hasher.combine(name)
        case .parameter(let name, let type?):
            hasher.combine(2)
            hasher.combine(name)
            type.combine(into: &hasher)
        }
    }
}

extension ParameterType {
    func combine(into hasher: inout Hasher) {
        switch self {
        case .int: hasher.combine(0)
        case .uuid: hasher.combine(1)
        case .oneOf(let values):
            hasher.combine(2)
            hasher.combine(values)
        }
    }
}

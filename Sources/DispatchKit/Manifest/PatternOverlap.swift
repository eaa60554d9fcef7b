extension CompiledPattern {
    /// Whether some URL matches both patterns: compatible schemes and hosts, and two forms (one
    /// per combination of optional groups) whose segments can all be the same, a trailing `*`
    /// taking what the other form has beyond it.
    func overlaps(_ other: CompiledPattern) -> Bool {
        if let scheme, let otherScheme = other.scheme, scheme != otherScheme { return false }
        guard Self.hostsOverlap(host, other.host) else { return false }
        for form in expansions {
            for otherForm in other.expansions
            where
                Self.formsOverlap(form, hasWildcard, otherForm, other.hasWildcard)
            {
                return true
            }
        }
        return false
    }

    private static func hostsOverlap(_ left: Host, _ right: Host) -> Bool {
        switch (left, right) {
        case (.literal(let a), .literal(let b)): return a == b
        default: return true
        }
    }

    private static func formsOverlap(
        _ left: [SegmentMatcher], _ leftWildcard: Bool, _ right: [SegmentMatcher], _ rightWildcard: Bool
    ) -> Bool {
        if left.count != right.count {
            // The shorter form must end with `*`, which takes the longer one's extra segments.
            let shorterHasWildcard = left.count < right.count ? leftWildcard : rightWildcard
            guard shorterHasWildcard else { return false }
        }
        return zip(left, right).allSatisfy { $0.overlaps($1) }
    }
}

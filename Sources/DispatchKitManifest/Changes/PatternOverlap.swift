import DispatchKit

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

    /// A URL that both patterns match for each pair of their forms that overlap, built from the
    /// literals of either and, where both have a parameter, a value both accept (a sample value of
    /// either type, or a value of either list). Empty when the patterns do not overlap.
    func commonURLs(with other: CompiledPattern) -> [DispatchURL] {
        guard overlaps(other) else { return [] }
        let scheme = self.scheme ?? other.scheme
        let host: String?
        switch (self.host, other.host) {
        case (.literal(let literal), _), (_, .literal(let literal)): host = literal
        case (.any, .any): host = nil
        default: host = Self.sampleHost
        }
        var urls: [DispatchURL] = []
        var seen: Set<String> = []
        for form in expansions {
            for otherForm in other.expansions
            where Self.formsOverlap(form, hasWildcard, otherForm, other.hasWildcard) {
                var paths: [String] = []
                for position in 0..<max(form.count, otherForm.count) {
                    let left = position < form.count ? form[position] : nil
                    let right = position < otherForm.count ? otherForm[position] : nil
                    guard let segment = Self.commonSegment(left, right) else { break }
                    paths.append(segment)
                }
                let url = DispatchURL(scheme: scheme, host: host, paths: paths, queryItems: [])
                if seen.insert(url.description).inserted { urls.append(url) }
            }
        }
        return urls
    }

    /// A segment both matchers accept (`nil` standing for a `*` that takes any segment).
    private static func commonSegment(_ left: SegmentMatcher?, _ right: SegmentMatcher?) -> String? {
        switch (left, right) {
        case (.literal(let literal)?, _), (_, .literal(let literal)?): return literal
        case (.parameter(_, let type)?, nil), (nil, .parameter(_, let type)?): return sample(for: type)
        case (.parameter(_, let leftType)?, .parameter(_, let rightType)?):
            var candidates = [sample(for: leftType), sample(for: rightType)]
            for case .oneOf(let values)? in [leftType, rightType] { candidates += values }
            return candidates.first { (leftType?.accepts($0) ?? true) && (rightType?.accepts($0) ?? true) }
        case (nil, nil): return nil
        }
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

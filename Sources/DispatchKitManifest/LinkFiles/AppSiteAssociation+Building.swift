import DispatchKit

extension AppSiteAssociation {
    /// Turns a manifest's route forms into an ordered list of components.
    ///
    /// Why this order is exact (for canonical paths, and where no note says otherwise): every
    /// pattern written for paths of *k* segments has *k* literal slashes, so it never matches a
    /// path of fewer segments. Paths are decided from the longest to the shortest: first those
    /// longer than every route's fixed part (only `*` routes reach them), then each length *k*
    /// down to 0, where the forms that match *k* segments come in the router's precedence. A `?*`
    /// that spans several segments would let a pattern for *k* segments claim a longer path that
    /// no route takes; the exclusion written before each inclusion (`?*/?*` in a parameter's
    /// place) refuses exactly those, and every longer path the app does take was claimed
    /// earlier. A route not exposed is excluded at its place in the precedence, before the
    /// inclusions it beats.
    struct Builder {
        private let forms: [LinkPathForm]
        private let manifest: RouteManifest
        private let domains: [LinkDomain]
        /// The most segments any form fixes: longer paths only `*` forms match.
        private let longest: Int
        private var rules: [Rule] = []
        /// Exclusions left out, or written in part, because the format cannot single out their URLs.
        private var dropped: [(form: LinkPathForm, paths: [String], position: Int, reason: String)] = []
        private(set) var notes: [LinkApproximation] = []
        private var noted: Set<String> = []

        /// Value lists are listed value by value up to this many combinations per form; beyond,
        /// the parameter is written as `?*` and noted.
        static let maximumCombinations = 64

        struct Rule {
            var path: String
            var isExcluded: Bool
            var comment: String
            /// For an inclusion of a `*` form: the route and the pattern of its fixed part, so that
            /// the inclusions of one form for several lengths can be merged.
            var wildcardForm: String?
            /// The path length the pattern was written for.
            var length: Int
            /// How many segments the form fixes (before its padding).
            var fixedCount = 0
        }

        init(manifest: RouteManifest, domains: [LinkDomain]) {
            self.manifest = manifest
            self.domains = domains
            self.forms = LinkPathForm.forms(of: manifest, domains: domains)
            self.longest = forms.map(\.segments.count).max() ?? 0
        }

        var components: [Component] {
            rules.map { Component(path: $0.path, isExcluded: $0.isExcluded, comment: $0.comment) }
        }

        mutating func build() {
            let wildcards = forms.filter(\.hasWildcard)
            if !wildcards.isEmpty {
                let beyond = longest + 1
                for form in wildcards.sorted(by: { $0.isOrdered(before: $1, segments: beyond) }) {
                    write(form, length: beyond, isOpen: true)
                }
            }
            for length in stride(from: longest, through: 0, by: -1) {
                let matching = forms.filter { $0.accepts(count: length) }
                noteTies(among: matching, length: length)
                for form in matching.sorted(by: { $0.isOrdered(before: $1, segments: length) }) {
                    write(form, length: length, isOpen: false)
                }
            }
            noteDroppedExclusions()
            noteExposedApproximations()
            noteCustomClaimants()
            simplify()
            addTrailingSlashes()
        }

        // MARK: Writing one form

        /// The patterns of `form` for paths of `length` segments (padded with `?*` after a `*`
        /// form's fixed part); with `isOpen`, the last one takes every longer path too.
        private mutating func write(_ form: LinkPathForm, length: Int, isOpen: Bool) {
            let expansion = Self.pieces(of: form)
            let alternatives = expansion.alternatives
            let padding = [Piece](repeating: .segment, count: length - form.segments.count)
            let paths = alternatives.map { AppSiteAssociation.path($0 + padding) }
            if form.isExposed {
                if !isOpen {
                    for pieces in alternatives {
                        for exclusion in Self.deeperPaths(pieces, padding: padding) {
                            rules.append(
                                Rule(
                                    path: exclusion, isExcluded: true,
                                    comment: "more segments than \(form.route.pattern)", length: length))
                        }
                    }
                }
                for (pieces, path) in zip(alternatives, paths) {
                    rules.append(
                        Rule(
                            path: path, isExcluded: false, comment: form.route.pattern,
                            wildcardForm: form.hasWildcard
                                ? "\(form.routeIndex) \(AppSiteAssociation.path(pieces))" : nil,
                            length: length, fixedCount: pieces.count))
                }
                return
            }
            let reason: String?
            if form.hasIntegerOrUUID {
                reason = "it has no digit or hexadecimal class for a typed parameter"
            } else if expansion.isCapped {
                reason = "its value lists have more than \(Self.maximumCombinations) combinations"
            } else if !expansion.starred.isEmpty {
                reason = "the format has no escape for the \"*\" of \(Prose.quotedList(expansion.starred))"
            } else if !form.fitsEveryHost {
                reason = "one file serves every domain and the route's host is only one of them"
            } else if isOpen, alternatives.contains(where: Self.hasParameterBeforeLiteral) {
                reason = "a parameter's place could span several segments before a literal"
            } else {
                reason = nil
            }
            if let reason {
                dropped.append((form, paths, rules.count, reason))
                return
            }
            if !expansion.partlyCased.isEmpty {
                // Written, but the other case forms of its escapes are not excluded.
                let listed: String = Prose.quotedList(expansion.partlyCased.map(\.text))
                let partly: String =
                    "it lists \(listed) with its escapes in some of the cases a link may write them"
                dropped.append((form, paths, rules.count, partly))
            }
            for path in paths {
                rules.append(
                    Rule(
                        path: path, isExcluded: true, comment: "not exposed: \(form.route.pattern)",
                        length: length))
            }
        }

        /// What a form becomes: one list of pieces per combination of values and case forms.
        struct Expansion {
            var alternatives: [[Piece]] = [[]]
            /// Whether a value list was written as `?*` because its combinations were too many.
            var isCapped = false
            /// The literals and values (decoded) whose escapes are listed in fewer cases than a
            /// link may write them: all-uppercase and all-lowercase, or (`uppercaseOnly`) as
            /// Foundation writes them only, where the combinations were too many.
            var partlyCased: [(text: String, uppercaseOnly: Bool)] = []
            /// The values (decoded) that hold a `*`, written with `?` in its place.
            var starred: [String] = []
        }

        /// Escapes with up to this many hexadecimal letters are listed in every mix of cases
        /// (`%C3%A9`: 4 forms); longer runs in all-uppercase and all-lowercase only.
        static let maximumCaseLetters = 2

        /// The pieces of `form`: a literal as Foundation encodes it, in every case its escapes may
        /// be written in; a plain or `<int>` parameter `?*`; a `<uuid>` its shape; a value list one
        /// alternative per value (and case form) up to ``maximumCombinations`` alternatives, else
        /// `?*`.
        static func pieces(of form: LinkPathForm) -> Expansion {
            var expansion = Expansion()
            func append(_ choices: [Piece]) {
                expansion.alternatives = expansion.alternatives.flatMap { pieces in
                    choices.map { pieces + [$0] }
                }
            }
            for segment in form.segments {
                switch segment {
                case .literal(let literal):
                    let cased = caseForms(of: Piece.encoded(literal))
                    if expansion.alternatives.count * cased.forms.count <= maximumCombinations {
                        if !cased.isComplete { expansion.partlyCased.append((literal, false)) }
                        append(cased.forms.map(Piece.literal))
                    } else {
                        expansion.partlyCased.append((literal, true))
                        append([.literal(cased.forms[0])])
                    }
                case .parameter(_, nil), .parameter(_, .int?):
                    append([.segment])
                case .parameter(_, .uuid?):
                    append([.uuid])
                case .parameter(_, .oneOf(let values)?):
                    // A `*` cannot be escaped: `?` stands for it (one character).
                    let cased: [(forms: [String], isComplete: Bool)] = values.map { value in
                        caseForms(of: Piece.starless(Piece.encoded(value)))
                    }
                    let everyForm: [String] = cased.flatMap { $0.forms }
                    var choices: [String] = []
                    if expansion.alternatives.count * everyForm.count <= maximumCombinations {
                        choices = everyForm
                        for (value, forms) in zip(values, cased) where !forms.isComplete {
                            expansion.partlyCased.append((value, false))
                        }
                    } else if expansion.alternatives.count * values.count <= maximumCombinations {
                        for (value, forms) in zip(values, cased) {
                            choices.append(forms.forms[0])
                            if forms.forms.count > 1 { expansion.partlyCased.append((value, true)) }
                        }
                    } else {
                        expansion.isCapped = true
                        append([.segment])
                        continue
                    }
                    expansion.starred += values.filter { $0.contains("*") }
                    append(choices.map(Piece.literal))
                }
            }
            return expansion
        }

        /// The ways a link may write the escapes of `encoded` (written as Foundation writes them,
        /// uppercase): `e%3Ff` and `e%3ff`. Every mix of cases up to ``maximumCaseLetters``
        /// hexadecimal letters, else all-uppercase and all-lowercase (`isComplete` is then `false`).
        /// The first form is always `encoded` itself.
        static func caseForms(of encoded: String) -> (forms: [String], isComplete: Bool) {
            let bytes = Array(encoded.utf8)
            var letters: [Int] = []
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count {
                    for offset in 1...2 where bytes[index + offset].isASCIILetter {
                        letters.append(index + offset)
                    }
                    index += 3
                } else {
                    index += 1
                }
            }
            guard !letters.isEmpty else { return ([encoded], true) }
            func lowered(_ positions: [Int]) -> String {
                var copy = bytes
                for position in positions { copy[position] |= 0x20 }
                return String(decoding: copy, as: UTF8.self)
            }
            guard letters.count <= maximumCaseLetters else { return ([encoded, lowered(letters)], false) }
            var forms: [String] = []
            for mask in 0..<(1 << letters.count) {
                forms.append(lowered(letters.indices.filter { mask & (1 << $0) != 0 }.map { letters[$0] }))
            }
            return (forms, true)
        }

        /// The paths that `pieces` would claim with a parameter's place spanning several segments:
        /// for each such place, the pattern with `?*/?*` there. (A place of the padding needs
        /// none: a longer path that matches there matches the `*` form itself.)
        ///
        /// Likewise a `?` that stands for the `*` of a value (a percent-encoded path holds no other
        /// `?`) also matches a slash: the pattern with `/` in its place is excluded too.
        static func deeperPaths(_ pieces: [Piece], padding: [Piece]) -> [String] {
            var paths: [String] = []
            let texts = (pieces + padding).map(\.text)
            func add(_ replaced: String, at index: Int) {
                var changed = texts
                changed[index] = replaced
                let path = "/" + changed.joined(separator: "/")
                if !paths.contains(path) { paths.append(path) }
            }
            for (index, piece) in pieces.enumerated() {
                guard case .literal(let text) = piece else {
                    add("?*/?*", at: index)
                    continue
                }
                let characters = Array(text)
                for position in characters.indices where characters[position] == "?" {
                    var slashed = characters
                    slashed[position] = "/"
                    add(String(slashed), at: index)
                }
            }
            return paths
        }

        static func hasParameterBeforeLiteral(_ pieces: [Piece]) -> Bool {
            guard let firstParameter = pieces.firstIndex(where: { !$0.isLiteral }) else { return false }
            return pieces[(firstParameter + 1)...].contains(where: \.isLiteral)
        }

        // MARK: Notes

        private mutating func note(_ kind: LinkApproximation.Kind, _ form: LinkPathForm, _ text: String) {
            let description = "\(form.label): \(text)"
            guard noted.insert(description).inserted else { return }
            notes.append(
                LinkApproximation(
                    kind: kind, pattern: form.route.pattern, activity: form.route.activity,
                    description: description))
        }

        /// Two forms of equal precedence, one exposed and one not, that match a common path:
        /// registration order decides, and the file claims.
        private mutating func noteTies(among forms: [LinkPathForm], length: Int) {
            for exposed in forms where exposed.isExposed {
                for other in forms where !other.isExposed {
                    guard exposed.compare(other, segments: length) == .equal,
                        exposed.overlaps(other, segments: length)
                    else { continue }
                    note(
                        .claimsMore, other,
                        "it is not exposed and has the same precedence as \(exposed.label), so registration "
                            + "order decides which takes their common URLs; the file claims them")
                }
            }
        }

        private mutating func noteDroppedExclusions() {
            let globs = rules.map { Glob($0.path) }
            for entry in dropped {
                let excluded = entry.paths.map { Glob($0) }
                let claimed = rules.indices.filter { index in
                    index >= entry.position && !rules[index].isExcluded
                        && excluded.contains(where: { $0.intersects(globs[index]) })
                }
                guard !claimed.isEmpty else { continue }
                let sample = Piece.path(entry.form)
                let example =
                    claimed.contains(where: { globs[$0].matches(sample) }) ? ", such as \(sample)," : ""
                note(
                    .claimsMore, entry.form,
                    "it is not exposed, and the file cannot exclude exactly its URLs (\(entry.reason)), so "
                        + "iOS opens the app for those\(example) that a claimed pattern covers, and the app "
                        + "refuses them")
            }
        }

        private mutating func noteExposedApproximations() {
            for form in forms where form.isExposed {
                for segment in form.segments {
                    guard case .parameter(let name, let type?) = segment else { continue }
                    switch type {
                    case .int:
                        note(
                            .claimsMore, form,
                            "the format has no digit class, so any segment in place of :\(name) is claimed, "
                                + "not only integers, and the app refuses the others")
                    case .uuid:
                        note(
                            .claimsMore, form,
                            "the format has no hexadecimal class, so any 36 characters with hyphens where a "
                                + "UUID has them are claimed in place of :\(name), and the app refuses the "
                                + "others")
                    case .oneOf:
                        if Self.pieces(of: form).isCapped {
                            note(
                                .claimsMore, form,
                                "its value lists have more than \(Self.maximumCombinations) combinations, so "
                                    + "any segment in place of :\(name) is claimed")
                        }
                    }
                }
                if !form.fitsEveryHost {
                    note(
                        .claimsMore, form,
                        "one file serves \(domains.map(\.description).joined(separator: ", ")), so its paths are "
                            + "claimed on every host of them, while the route matches on its own host only")
                }
                if form.hasWildcard,
                    Self.pieces(of: form).alternatives.contains(where: Self.hasParameterBeforeLiteral)
                {
                    note(
                        .claimsMore, form,
                        "on paths of more than \(longest) segments a parameter's place may span several "
                            + "segments before a literal, and such paths are claimed too")
                }
                let expansion = Self.pieces(of: form)
                for value in expansion.starred {
                    let written = Piece.starless(Piece.encoded(value))
                    note(
                        .claimsMore, form,
                        "the format has no escape for \"*\", so the value \(value) is claimed as \(written): any "
                            + "one character in place of the \"*\", and the app refuses the others")
                }
                for (text, uppercaseOnly) in expansion.partlyCased {
                    let encoded = Piece.encoded(text)
                    let cases: String =
                        uppercaseOnly
                        ? "uppercase hexadecimal only (\(encoded)), as Foundation writes them"
                        : "all-uppercase or all-lowercase hexadecimal (\(encoded))"
                    note(
                        .claimsLess, form,
                        "\(text) is claimed with its escapes in \(cases); a link that writes them in another mix of "
                            + "cases opens in the browser")
                }
            }
        }

        private mutating func noteCustomClaimants() {
            for note in LinkApproximation.customClaimantNotes(manifest: manifest, forms: forms)
            where noted.insert(note.description).inserted {
                notes.append(note)
            }
        }

        // MARK: Trailing slashes

        /// Writes, right after each component whose pattern ends in a literal character or a `?`,
        /// the same pattern with a trailing slash: the router drops one trailing slash, so
        /// `/settings/privacy/` must be decided as `/settings/privacy` is. A pattern that ends in
        /// `?*` already matches the slashed path (and, for a path without empty segments, only when
        /// it matches the path without the slash), and a pattern `P/` matches `u/` exactly when `P`
        /// matches `u`: so each path with one trailing slash meets its first match at the same
        /// place as the path without it, and a path without it matches no added pattern.
        private mutating func addTrailingSlashes() {
            rules = rules.flatMap { rule -> [Rule] in
                guard rule.path != "/", !rule.path.hasSuffix("*") else { return [rule] }
                var slashed = rule
                slashed.path += "/"
                return [rule, slashed]
            }
        }

        // MARK: Simplifying

        /// Removes components that change no decision, until none does: a repeated pattern (the
        /// first one decides), an exclusion that no later inclusion would override, and an
        /// inclusion of a `*` form for longer paths when its inclusion for shorter paths (a
        /// superset, its last `?*` spanning the rest) follows with nothing but inclusions in
        /// between that match the same paths.
        private mutating func simplify() {
            var changed = true
            while changed {
                changed = false
                var seen: Set<String> = []
                let unique = rules.filter { seen.insert($0.path).inserted }
                if unique.count != rules.count {
                    rules = unique
                    changed = true
                }
                var globs = rules.map { Glob($0.path) }
                var index = 0
                while index < rules.count {
                    if isMergeable(at: index, globs: globs) || isIdleExclusion(at: index, globs: globs) {
                        rules.remove(at: index)
                        globs.remove(at: index)
                        changed = true
                    } else {
                        index += 1
                    }
                }
            }
        }

        private func isIdleExclusion(at index: Int, globs: [Glob]) -> Bool {
            guard rules[index].isExcluded else { return false }
            return !rules.indices.contains { later in
                later > index && !rules[later].isExcluded && globs[later].intersects(globs[index])
            }
        }

        private func isMergeable(at index: Int, globs: [Glob]) -> Bool {
            let rule = rules[index]
            guard !rule.isExcluded, let form = rule.wildcardForm else { return false }
            guard
                let next = rules.indices.first(where: { later in
                    later > index && rules[later].wildcardForm == form && rules[later].length < rule.length
                }),
                // Padded with at least one `?*`, whose last one spans the rest of a longer path.
                rules[next].length > rules[next].fixedCount
            else { return false }
            return rules[(index + 1)..<next].allSatisfy { between in
                !between.isExcluded || !Glob(between.path).intersects(globs[index])
            }
        }
    }
}

extension AppSiteAssociation.Piece {
    /// The sample path of a form, percent-encoded: `/caf%C3%A9/42`.
    static func path(_ form: LinkPathForm) -> String {
        let values = form.segments.map { segment -> String in
            switch segment {
            case .literal(let literal): return encoded(literal)
            case .parameter(_, let type): return encoded(CompiledPattern.sample(for: type))
            }
        }
        return "/" + values.joined(separator: "/")
    }
}

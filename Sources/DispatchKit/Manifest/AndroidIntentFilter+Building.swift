extension AndroidIntentFilter {
    /// Turns a manifest's route forms into path entries per host, and notes.
    ///
    /// Facts relied on: the `<data>` element and its path attributes
    /// (developer.android.com/guide/topics/manifest/data-element); `PatternMatcher`'s
    /// `PATTERN_LITERAL` (`path`), `PATTERN_PREFIX` (`pathPrefix`), `PATTERN_SIMPLE_GLOB`
    /// (`pathPattern`: `.` any character, `x*` zero or more of the character before, `\` escapes
    /// the next one) and `PATTERN_ADVANCED_GLOB` (`pathAdvancedPattern`: `.`, sets `[…]` with ranges
    /// and `^`, the modifiers `*`, `+` and `{m,n}`, `\` escapes; matched without backtracking)
    /// (developer.android.com/reference/android/os/PatternMatcher). How `PATTERN_SIMPLE_GLOB` treats
    /// `.*` comes from its implementation in the Android Open Source Project
    /// (frameworks/base, core/java/android/os/PatternMatcher.java, `matchGlobPattern`): followed by
    /// a character, it skips to that character's first occurrence; at the end of the pattern it
    /// takes the rest of the path.
    struct Builder {
        private let forms: [LinkPathForm]
        private let manifest: RouteManifest
        private let hosts: [String]
        private let syntax: Syntax

        /// Value lists are listed value by value up to this many combinations per form; beyond,
        /// the parameter is written as any segment and noted.
        static let maximumCombinations = 64

        init(manifest: RouteManifest, hosts: [String], syntax: Syntax) {
            self.manifest = manifest
            self.hosts = hosts
            self.syntax = syntax
            self.forms = LinkPathForm.forms(of: manifest, hosts: hosts)
        }

        /// Whether `form` matches on `host`.
        private func form(_ form: LinkPathForm, isOn host: String) -> Bool {
            guard case .success(let pattern) = PatternParser.parse(form.route.pattern) else { return false }
            if case .literal(let literal) = pattern.host { return literal == host }
            return true
        }

        /// One filter per set of hosts whose paths are the same, in the order of their first host.
        func filters() -> [Filter] {
            var filters: [Filter] = []
            for host in hosts {
                var paths: [PathEntry] = []
                for form in forms where form.isExposed && self.form(form, isOn: host) {
                    for entry in entries(for: form) where !paths.contains(entry) { paths.append(entry) }
                }
                if paths.isEmpty { continue }
                if let index = filters.firstIndex(where: { $0.paths == paths }) {
                    filters[index].hosts.append(host)
                } else {
                    filters.append(Filter(hosts: [host], paths: paths))
                }
            }
            return filters
        }

        // MARK: Entries

        /// What one segment becomes: literal text (decoded, as Android compares it) or a pattern
        /// piece.
        private enum Piece: Hashable {
            case literal(String)
            case pattern(String)
        }

        private func pieces(of form: LinkPathForm) -> (alternatives: [[Piece]], isCapped: Bool) {
            var alternatives: [[Piece]] = [[]]
            var isCapped = false
            for segment in form.segments {
                let piece: Piece
                switch segment {
                case .literal(let literal):
                    piece = .literal(literal)
                case .parameter(_, nil):
                    piece = .pattern(syntax == .pathPattern ? "..*" : "[^/]+")
                case .parameter(_, .int?):
                    piece = .pattern(syntax == .pathPattern ? "..*" : "-{0,1}[0-9]+")
                case .parameter(_, .uuid?):
                    if syntax == .pathPattern {
                        piece = .pattern("........-....-....-....-............")
                    } else {
                        let hex = "[0-9a-fA-F]"
                        piece = .pattern("\(hex){8}-\(hex){4}-\(hex){4}-\(hex){4}-\(hex){12}")
                    }
                case .parameter(_, .oneOf(let values)?):
                    if alternatives.count * values.count <= Self.maximumCombinations {
                        alternatives = alternatives.flatMap { pieces in values.map { pieces + [.literal($0)] }
                        }
                        continue
                    }
                    isCapped = true
                    piece = .pattern(syntax == .pathPattern ? "..*" : "[^/]+")
                }
                for index in alternatives.indices { alternatives[index].append(piece) }
            }
            return (alternatives, isCapped)
        }

        /// The path entries of an exposed form.
        private func entries(for form: LinkPathForm) -> [PathEntry] {
            var entries: [PathEntry] = []
            for pieces in pieces(of: form).alternatives {
                let literals = pieces.compactMap { piece -> String? in
                    if case .literal(let literal) = piece { return literal }
                    return nil
                }
                if literals.count == pieces.count {
                    let path = "/" + literals.joined(separator: "/")
                    if !form.hasWildcard {
                        entries.append(PathEntry(attribute: .path, value: path))
                    } else if literals.isEmpty {
                        entries.append(PathEntry(attribute: .pathPrefix, value: "/"))
                    } else {
                        entries.append(PathEntry(attribute: .path, value: path))
                        entries.append(PathEntry(attribute: .pathPrefix, value: path + "/"))
                    }
                    continue
                }
                let attribute: PathEntry.Attribute =
                    syntax == .pathPattern ? .pathPattern : .pathAdvancedPattern
                let texts = pieces.map { piece -> String in
                    switch piece {
                    case .literal(let literal): return escaped(literal)
                    case .pattern(let pattern): return pattern
                    }
                }
                let pattern = "/" + texts.joined(separator: "/")
                entries.append(PathEntry(attribute: attribute, value: pattern))
                if form.hasWildcard {
                    entries.append(PathEntry(attribute: attribute, value: pattern + "/.*"))
                }
            }
            return entries
        }

        /// A literal inside a pattern: each character the syntax reads specially behind a `\`.
        private func escaped(_ literal: String) -> String {
            let special: Set<Character> =
                syntax == .pathPattern ? [".", "*", "\\"] : [".", "*", "+", "\\", "[", "]", "{", "}"]
            var text = ""
            for character in literal {
                if special.contains(character) { text.append("\\") }
                text.append(character)
            }
            return text
        }

        // MARK: Notes

        /// How an exposed form's entries read a segment position: exactly, or as any segment.
        private func isExact(_ segment: SegmentMatcher, valueListsCapped: Bool) -> Bool {
            switch segment {
            case .literal, .parameter(_, nil): return true
            case .parameter(_, .int?), .parameter(_, .uuid?): return syntax == .pathAdvancedPattern
            case .parameter(_, .oneOf?): return !valueListsCapped
            }
        }

        /// Whether the entries of `form` (without `*`) end with a parameter that `pathPattern`
        /// lets take the rest of the path.
        private func endsOpen(_ form: LinkPathForm) -> Bool {
            guard syntax == .pathPattern, !form.hasWildcard, let last = form.segments.last else {
                return false
            }
            switch last {
            case .literal, .parameter(_, .uuid?): return false
            case .parameter(_, .oneOf?): return pieces(of: form).isCapped
            case .parameter(_, nil), .parameter(_, .int?): return true
            }
        }

        func notes() -> [LinkApproximation] {
            var notes: [LinkApproximation] = []
            func note(_ kind: LinkApproximation.Kind, _ form: LinkPathForm, _ text: String) {
                let description = "\(form.label): \(text)"
                guard !notes.contains(where: { $0.description == description }) else { return }
                notes.append(
                    LinkApproximation(
                        kind: kind, pattern: form.route.pattern, activity: form.route.activity,
                        description: description))
            }
            for form in forms where form.isExposed {
                let isCapped = pieces(of: form).isCapped
                for case .parameter(let name, let type?) in form.segments {
                    switch (type, syntax) {
                    case (.int, .pathPattern):
                        note(
                            .claimsMore, form,
                            "pathPattern has no digit class, so any segment in place of :\(name) is claimed, "
                                + "not only integers, and the app refuses the others")
                    case (.int, .pathAdvancedPattern):
                        note(
                            .claimsMore, form,
                            "digit strings in place of :\(name) that do not fit in 64 bits are claimed too, "
                                + "and the app refuses them")
                    case (.uuid, .pathPattern):
                        note(
                            .claimsMore, form,
                            "pathPattern has no hexadecimal class, so any 36 characters with hyphens where a "
                                + "UUID has them are claimed in place of :\(name), and the app refuses the "
                                + "others")
                    case (.oneOf, _) where isCapped:
                        note(
                            .claimsMore, form,
                            "its value lists have more than \(Self.maximumCombinations) combinations, so any "
                                + "segment in place of :\(name) is claimed")
                    default: break
                    }
                }
                let patterned = pieces(of: form).alternatives.contains { pieces in
                    pieces.contains { if case .pattern = $0 { return true } else { return false } }
                }
                if syntax == .pathPattern, patterned,
                    form.segments.contains(where: {
                        if case .literal(let text) = $0 { return text.contains(".") } else { return false }
                    })
                {
                    note(
                        .claimsMore, form,
                        "Android's pathPattern reads a \".\" of a literal as any character even when escaped, "
                            + "so paths with another character in its place are claimed too")
                }
                if endsOpen(form) {
                    note(
                        .claimsMore, form,
                        "a pathPattern cannot stop a parameter at a slash at the end of the path, so deeper "
                            + "paths (\(form.samplePath)/more) are claimed too, and the app refuses them")
                }
            }
            for hidden in forms where !hidden.isExposed {
                guard let exposed = forms.first(where: { $0.isExposed && mayClaim($0, pathsOf: hidden) })
                else { continue }
                note(
                    .claimsMore, hidden,
                    "it is not exposed, and Android has no exclusions, so its URLs that \(exposed.label)'s "
                        + "entry covers (such as \(hidden.samplePath)) open the app, which refuses them")
            }
            return notes + LinkApproximation.customClaimantNotes(manifest: manifest, forms: forms)
        }

        /// Whether the entries of the exposed `form` claim a path that `hidden` takes.
        private func mayClaim(_ form: LinkPathForm, pathsOf hidden: LinkPathForm) -> Bool {
            guard hosts.contains(where: { self.form(form, isOn: $0) && self.form(hidden, isOn: $0) }) else {
                return false
            }
            let isCapped = pieces(of: form).isCapped
            let takesLonger = form.hasWildcard || endsOpen(form)
            let longest = max(form.segments.count, hidden.segments.count) + 1
            for length in 0...longest {
                guard hidden.accepts(count: length),
                    takesLonger ? length >= form.segments.count : length == form.segments.count
                else { continue }
                var isApproximate = length > form.segments.count && !form.hasWildcard
                var overlaps = true
                for (position, segment) in form.segments.enumerated() {
                    // Past the hidden form's fixed part its `*` takes anything.
                    guard position < hidden.segments.count else { break }
                    if isExact(segment, valueListsCapped: isCapped) {
                        overlaps = overlaps && segment.overlaps(hidden.segments[position])
                    } else {
                        isApproximate = true
                    }
                }
                guard overlaps else { continue }
                if isApproximate || hidden.compare(form, segments: length) != .lessSpecific { return true }
            }
            return false
        }
    }
}

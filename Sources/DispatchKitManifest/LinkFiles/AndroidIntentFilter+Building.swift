import DispatchKit

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
        let forms: [LinkPathForm]
        let manifest: RouteManifest
        private let domains: [LinkDomain]
        private let syntax: Syntax
        /// `https` for the App Links, or one of the app's own schemes.
        let scheme: String
        /// The host each route's pattern names, if it names one, by the route's place in the
        /// manifest: parsed once, as notes ask for it for every pair of routes.
        private let literalHosts: [String?]

        /// Value lists are listed value by value up to this many combinations per form; beyond,
        /// the parameter is written as any segment and noted.
        static let maximumCombinations = 64

        init(manifest: RouteManifest, scheme: String = "https", domains: [LinkDomain], syntax: Syntax) {
            self.manifest = manifest
            self.scheme = scheme
            self.domains = domains
            self.syntax = syntax
            self.forms = LinkPathForm.forms(of: manifest, scheme: scheme, domains: domains)
            self.literalHosts = manifest.routes.map { route in
                guard case .success(let pattern) = PatternParser.parse(route.pattern),
                    case .literal(let literal) = pattern.host
                else { return nil }
                return literal
            }
        }

        /// The host a `//host/…` form names, if it names one.
        func literalHost(of form: LinkPathForm) -> String? {
            literalHosts[form.routeIndex]
        }

        /// Whether `form` matches on `domain` (on some of its hosts, for `*.` and a `//host/…` form).
        private func form(_ form: LinkPathForm, isOn domain: LinkDomain) -> Bool {
            guard let host = literalHost(of: form) else { return true }
            return domain.covers(host)
        }

        /// One filter per set of hosts whose paths are the same, in the order of their first host.
        ///
        /// For a custom scheme, the filter of a host that a route names holds only the routes that
        /// name it: the routes that match on any host are in the filter of `android:host="*"`,
        /// which claims them on that host too.
        func filters() -> [Filter] {
            var filters: [Filter] = []
            for domain in domains {
                var paths: [PathEntry] = []
                for form in forms where form.isExposed && self.form(form, isOn: domain) {
                    if domain.isNamedByRoute && literalHost(of: form) == nil { continue }
                    for entry in entries(for: form) where !paths.contains(entry) { paths.append(entry) }
                }
                if paths.isEmpty { continue }
                if let index = filters.firstIndex(where: { $0.paths == paths }) {
                    filters[index].hosts.append(domain.description)
                } else {
                    filters.append(Filter(scheme: scheme, hosts: [domain.description], paths: paths))
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

            var isPattern: Bool {
                if case .pattern = self { return true }
                return false
            }

            /// A literal holding a `.`, which `pathPattern` reads as any character even escaped.
            var isDottedLiteral: Bool {
                if case .literal(let text) = self { return text.contains(".") }
                return false
            }
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

        /// The path entries of an exposed form. The router drops one trailing slash, so each entry
        /// that does not already take `/settings/privacy/` has a twin that does.
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
                        if path != "/" { entries.append(PathEntry(attribute: .path, value: path + "/")) }
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
                    // `/.*` also takes the trailing slash alone.
                    entries.append(PathEntry(attribute: attribute, value: pattern + "/.*"))
                } else if !pattern.hasSuffix("..*") {
                    // A final `..*` of `pathPattern` takes it already.
                    entries.append(PathEntry(attribute: attribute, value: pattern + "/"))
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
            var written: Set<String> = []
            func note(_ kind: LinkApproximation.Kind, _ form: LinkPathForm, _ text: String) {
                let description = "\(form.label): \(text)"
                guard written.insert(description).inserted else { return }
                notes.append(
                    LinkApproximation(
                        kind: kind, pattern: form.route.pattern, activity: form.route.activity,
                        description: description))
            }
            let encodedSlashes = EncodedSlashes(forms: forms, domains: domains)
            // The exposed routes with links that an encoded slash sends to no route, each with the
            // simplest such link: one note for all of them.
            var unmatched: [(route: LinkPathForm, example: EncodedSlashes.Example)] = []
            for (index, form) in forms.enumerated() where form.isExposed {
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
                // Only a pattern reads "." specially; an all-literal alternative is an exact `path`.
                let dotted = pieces(of: form).alternatives.contains { pieces -> Bool in
                    pieces.contains(where: \.isPattern) && pieces.contains(where: \.isDottedLiteral)
                }
                if syntax == .pathPattern, dotted {
                    note(
                        .claimsMore, form,
                        "Android's pathPattern reads a \".\" of a literal or a listed value as any character even "
                            + "when escaped, so paths with another character in its place are claimed too")
                }
                let finding = encodedSlashes.finding(forFormAt: index)
                noteEncodedSlashes(form, finding, note)
                if let example = finding.unmatchedExample {
                    if let last = unmatched.last, last.route.routeIndex == form.routeIndex {
                        if example.isSimpler(than: last.example) {
                            unmatched[unmatched.count - 1].example = example
                        }
                    } else {
                        unmatched.append((form, example))
                    }
                }
                if let host = literalHost(of: form),
                    let wildcard = domains.first(where: { $0.coversSubdomains && $0.covers(host) })
                {
                    note(
                        .claimsMore, form,
                        "the filter for \(wildcard) claims its paths on every subdomain, while the route "
                            + "matches on \(host) only")
                }
                if endsOpen(form) {
                    note(
                        .claimsMore, form,
                        "a pathPattern cannot stop a parameter at a slash at the end of the path, so deeper "
                            + "paths (\(form.samplePath)/more) are claimed too, and the app refuses them")
                }
            }
            if let note = Self.unmatchedEncodedSlashesNote(unmatched) { notes.append(note) }
            if scheme != "https" { notes += customSchemeNotes() }
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

        /// Routes a note names at most; past them it says how many more.
        static let maximumListedRoutes = 5

        /// `a, b, c, d, e and 3 more routes`: the labels, at most ``maximumListedRoutes`` of them.
        static func listed(_ labels: [String], conjunction: String) -> String {
            guard labels.count > maximumListedRoutes else {
                return Prose.list(labels, conjunction: conjunction)
            }
            let more = labels.count - maximumListedRoutes
            return Prose.list(
                labels.prefix(maximumListedRoutes) + [
                    Prose.counted(more, "more route", plural: "more routes")
                ],
                conjunction: conjunction)
        }

        /// The start of each note on a link with an encoded slash: how Android claims it.
        private static func claimed(_ example: EncodedSlashes.Example) -> String {
            "Android matches the decoded path, so \(example.link) is claimed as \(example.path), though the app "
                + "reads one segment where the encoded slash (%2F) is"
        }

        /// The one note on the links with an encoded slash that no route takes (`/o%2F42`, claimed
        /// as `/o/42` for `/o/:id<int>`). Most exposed routes of two segments or more have such links,
        /// so a note per route would repeat the same thing; this one names the routes, and shows
        /// the simplest link of those it lists.
        private static func unmatchedEncodedSlashesNote(
            _ unmatched: [(route: LinkPathForm, example: EncodedSlashes.Example)]
        ) -> LinkApproximation? {
            let shown = unmatched.prefix(maximumListedRoutes).map(\.example)
            guard var example = shown.first else { return nil }
            for other in shown.dropFirst() where other.isSimpler(than: example) { example = other }
            let routes = listed(unmatched.map(\.route.label), conjunction: "and")
            return LinkApproximation(
                kind: .claimsMore, pattern: nil, activity: "",
                description: "links with an encoded slash (%2F) that no route takes, of \(routes): "
                    + claimed(example) + ": no route takes such a link, and the app refuses it")
        }

        /// The notes of one exposed form on links with an encoded slash (`%2F`) inside a segment:
        /// the router reads one segment there, while Android matches the decoded path
        /// (`Uri.getPath()`), where it is two. No entry can tell them apart, so such a link is
        /// claimed exactly when the path it decodes to is. Claimed links that the router gives to
        /// a route not exposed are noted with that route (``EncodedSlashes``), those it gives to
        /// none in one note for the filter; values the router gives to the form but Android splits
        /// are noted where a plain parameter can hold them.
        private func noteEncodedSlashes(
            _ form: LinkPathForm, _ finding: EncodedSlashes.Finding,
            _ note: (LinkApproximation.Kind, LinkPathForm, String) -> Void
        ) {
            let shown = finding.hidden.prefix(Self.maximumListedRoutes).map(\.example)
            if var example = shown.first {
                for other in shown.dropFirst() where other.isSimpler(than: example) { example = other }
                let routes = finding.hidden.map(\.route.label)
                note(
                    .claimsMore, form,
                    Self.claimed(example) + ": such links go to " + Self.listed(routes, conjunction: "or")
                        + ", "
                        + Prose.agreeing(with: routes.count, "which is", "which are")
                        + " not exposed, and the app refuses them")
            }
            for (position, segment) in form.segments.enumerated() {
                guard case .parameter(let name, nil) = segment,
                    syntax == .pathAdvancedPattern || position < form.segments.count - 1
                else { continue }
                note(
                    .claimsLess, form,
                    "a value of :\(name) that holds an encoded slash (%2F) is the app's, but Android matches "
                        + "the decoded path, where the slash ends the segment, so such links may open in the "
                        + "browser")
            }
        }

        /// Whether the entries of the exposed `form` claim a path that `hidden` takes.
        private func mayClaim(_ form: LinkPathForm, pathsOf hidden: LinkPathForm) -> Bool {
            guard domains.contains(where: { self.form(form, isOn: $0) && self.form(hidden, isOn: $0) }) else {
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

import DispatchKit

extension AppSiteAssociation {
    /// A pattern of the `components` syntax, read the way Apple documents it for the `"/"` key:
    /// `*` matches zero or more characters, `?` exactly one, anything else itself, and the pattern
    /// is compared with the whole (percent-encoded) path. The generator writes only these three
    /// kinds of token: it never writes the `$(…)` substitution variables (iOS 14, and a route's
    /// literal cannot hold `(`).
    ///
    /// Facts relied on (applinks.Details.Components, developer.apple.com/documentation/
    /// bundleresources/applinks/details-swift.dictionary/components-swift.dictionary): `*` matches
    /// zero or more characters, slashes included (`/buy/*` covers every path under `/buy/`); `?`
    /// matches one character; `?*` one or more. A `*` followed by more pattern backtracks like any
    /// glob (Apple calls it greedy, which decides nothing for a yes-or-no match; the widely used
    /// `/*/?*` exclusion of paths deeper than one segment relies on it).
    struct Glob: Sendable, Hashable {
        enum Token: Sendable, Hashable {
            case character(UInt8)
            case anyOne
            case anyRun
        }

        let tokens: [Token]

        init(_ text: String) {
            tokens = text.utf8.map { byte in
                switch byte {
                case UInt8(ascii: "*"): return .anyRun
                case UInt8(ascii: "?"): return .anyOne
                default: return .character(byte)
                }
            }
        }

        /// A literal text: every byte stands for itself.
        init(literal text: String) {
            tokens = text.utf8.map(Token.character)
        }

        /// Whether `text` (a percent-encoded path) matches.
        func matches(_ text: String) -> Bool {
            intersects(Glob(literal: text))
        }

        /// Whether some string matches both patterns: a search through the pairs of positions of
        /// the two patterns, each `*` either skipped or consuming a character.
        ///
        /// - Complexity: O(*m* × *n*) for patterns of *m* and *n* tokens.
        func intersects(_ other: Glob) -> Bool {
            let left = tokens
            let right = other.tokens
            let width = right.count + 1
            var visited = [Bool](repeating: false, count: (left.count + 1) * width)
            var pending = [(0, 0)]
            while let (i, j) = pending.popLast() {
                guard !visited[i * width + j] else { continue }
                visited[i * width + j] = true
                if i == left.count, j == right.count { return true }
                if i < left.count, left[i] == .anyRun { pending.append((i + 1, j)) }
                if j < right.count, right[j] == .anyRun { pending.append((i, j + 1)) }
                guard i < left.count, j < right.count else { continue }
                if case .character(let a) = left[i], case .character(let b) = right[j], a != b { continue }
                pending.append((left[i] == .anyRun ? i : i + 1, right[j] == .anyRun ? j : j + 1))
            }
            return false
        }
    }

    /// What the generator writes in one segment's place.
    enum Piece: Sendable, Hashable {
        /// A literal segment, percent-encoded as Foundation's `URL` writes it.
        case literal(String)
        /// `?*`: one or more characters. Also one or more segments, which exclusions rule out.
        case segment
        /// `????????-????-????-????-????????????`: the shape of a UUID, any character in place of
        /// each hexadecimal digit.
        case uuid

        var text: String {
            switch self {
            case .literal(let literal): return literal
            case .segment: return "?*"
            case .uuid: return "????????-????-????-????-????????????"
            }
        }

        var isLiteral: Bool {
            if case .literal = self { return true }
            return false
        }

        /// `c*d` as `c?d`: the format has no escape for `*`, and one character (`?`) is the closest
        /// it comes to the `*` itself.
        static func starless(_ encoded: String) -> String {
            String(encoded.map { $0 == "*" ? "?" : $0 })
        }

        /// A decoded literal as it appears in a percent-encoded path: `café` is `caf%C3%A9`.
        static func encoded(_ literal: String) -> String {
            DispatchURL.escape(literal, as: .segment, asciiOnly: true)
        }
    }

    /// `/a/?*/b`, or `/` for no segment.
    static func path(_ pieces: [Piece]) -> String {
        "/" + pieces.map(\.text).joined(separator: "/")
    }
}

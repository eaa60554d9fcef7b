import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

// Generated inputs (fixed seeds, so every run sees the same cases). Parsing must never trap; every
// accepted URL must round-trip through `description` and hold no empty, "." or ".." segment; every
// error must point at the input's own text.

@Suite("DispatchURL fuzzing")
struct DispatchURLFuzzTests {
    /// Pieces that exercise every branch of the parser: delimiters, escapes good and bad, dot
    /// segments, IP literals, ports, userinfo, disallowed and allowed non-ASCII.
    static let tokens: [String] = [
        "%", "/", ".", "?", "#", "[", "]", ":", "@", "&", "=", "+", "a", "B", "z", "0", "9", "f", "F",
        "e", "E", "2", "~", "-", "_", "!", "'", "(", ";", "中", "é", "\u{301}", "ｆ", "\u{1F600}",
        "\u{200D}", "\u{FEFF}", " ", "\u{A0}", "\\", "\u{202E}", "\u{7F}", "\u{85}", "\t",
        "%2F", "%2f", "%2e", "%2E", "%E4%B8%AD", "%E4%B8", "%FF", "%00", "%41", "%C3", "%20", "%25",
        "%2B", "%26", "%3D", "%23", "%3F", "%40", "%5B", "%3A", "%5C", "%0A", "%E2%80%AE", "%4",
        "app://", "APP:", "//", "x:", "[::1]", "[", "..", "./", "../", "u@", ":80", ":", ":99999",
        "://", "?a=1&", "#f",
    ]

    static let seeds: [String] = [
        "cono://test.com/mine_home?uid=42&tab=a+b#top",
        "app://u:p@[::1]:8080/a/b?c=d&e#f",
        "/mine_home?uid=1",
        "app:path/x",
        "file:///x/y",
        "app://中文.com/路径/%E4%B8%AD?名=值#片段",
    ]

    /// Random concatenations of tokens.
    static func tokenInputs(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 0...24, using: &random)
            return (0..<length).map { _ in tokens.randomElement(using: &random)! }.joined()
        }
    }

    /// Random Unicode scalars, biased towards ASCII, with C1, bidi, whitespace and astral ones.
    static func scalarInputs(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x7F, 0x20...0x7E, 0x20...0x7E, 0x80...0xFF, 0x2000...0x206F, 0x3000...0x303F,
            0x4E00...0x4E20, 0xFE00...0xFFFF, 0x1F300...0x1F64F, 0xE0000...0xE007F, 0x10FFF0...0x10FFFF,
        ]
        return (0..<count).map { _ in
            let length = Int.random(in: 1...20, using: &random)
            var string = String.UnicodeScalarView()
            for _ in 0..<length {
                let range = ranges.randomElement(using: &random)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) {
                    string.append(scalar)
                }
            }
            return String(string)
        }
    }

    /// Random bytes read as UTF-8 (ill-formed sequences become U+FFFD).
    static func byteInputs(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 1...32, using: &random)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Valid URLs with a few tokens inserted, removed or replaced.
    static func mutatedInputs(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            var scalars = Array(seeds.randomElement(using: &random)!.unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0...scalars.count, using: &random)
                let token = Array(tokens.randomElement(using: &random)!.unicodeScalars)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: scalars.insert(contentsOf: token, at: index)
                case 1 where index < scalars.count: scalars.remove(at: index)
                default: scalars.replaceSubrange(index..<min(index + token.count, scalars.count), with: token)
                }
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return String(view)
        }
    }

    static let allInputs: [String] =
        tokenInputs(count: 4_000, seed: 0x5EED_0001) + scalarInputs(count: 1_500, seed: 0x5EED_0002)
        + byteInputs(count: 1_500, seed: 0x5EED_0003) + mutatedInputs(count: 3_000, seed: 0x5EED_0004)

    /// Records one issue with the number of failures and the first few, instead of thousands
    /// (set `URLTEST_ALL=1` in the environment to list them all).
    static func report(_ failures: [String], _ what: String) {
        guard !failures.isEmpty else { return }
        Issue.record(
            "\(failures.count) inputs \(what), for example:\n\(failures.prefix(ProcessInfo.processInfo.environment["URLTEST_ALL"] != nil ? 1000 : 8).joined(separator: "\n"))"
        )
    }

    @Test("the generators produce both accepted and rejected inputs")
    func generatorsAreUseful() {
        for (name, inputs) in [
            ("tokens", Self.tokenInputs(count: 4_000, seed: 0x5EED_0001)),
            ("scalars", Self.scalarInputs(count: 1_500, seed: 0x5EED_0002)),
            ("bytes", Self.byteInputs(count: 1_500, seed: 0x5EED_0003)),
            ("mutations", Self.mutatedInputs(count: 3_000, seed: 0x5EED_0004)),
        ] {
            let accepted = inputs.filter { urlTestParse($0) != nil }.count
            #expect(accepted >= inputs.count / 20, "\(name): only \(accepted) of \(inputs.count) accepted")
            #expect(
                accepted <= inputs.count - inputs.count / 20,
                "\(name): \(accepted) of \(inputs.count) accepted")
        }
    }

    @Test("accepted URLs round-trip through description and hold no empty or dot segments")
    func acceptedURLsAreNormal() {
        var failures: [String] = []
        for input in Self.allInputs {
            guard let url = urlTestParse(input) else { continue }
            let description = url.description
            let context = "\(input.debugDescription) → \(description.debugDescription)"
            if url.paths.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
                failures.append("\(context): paths \(url.paths)")
            }
            if let scheme = url.scheme, scheme != scheme.lowercased() || scheme.isEmpty {
                failures.append("\(context): scheme \(scheme.debugDescription)")
            }
            if let host = url.host, host != host.lowercased() || host.isEmpty {
                failures.append("\(context): host \(host.debugDescription)")
            }
            if url.port.map({ !(0...65_535).contains($0) }) ?? false {
                failures.append("\(context): port \(url.port!)")
            }
            if url.firstPath != url.paths.first {
                failures.append("\(context): firstPath")
            }
            guard let again = urlTestParse(description) else {
                failures.append("\(context): description rejected with \(urlTestError(description)!)")
                continue
            }
            if again != url {
                failures.append("\(context): reparsed as a different value")
            } else if again.description != description {
                failures.append("\(context): description not stable: \(again.description.debugDescription)")
            } else if again.hashValue != url.hashValue {
                failures.append("\(context): hash differs")
            }
        }
        Self.report(failures, "broke a normal-form rule")
    }

    @Test("accepted URLs round-trip through the Foundation view")
    func acceptedURLsSurviveFoundation() {
        var failures: [String] = []
        for input in Self.allInputs {
            guard let url = urlTestParse(input) else { continue }
            let foundation = url.url.absoluteString
            let context = "\(input.debugDescription) → \(foundation.debugDescription)"
            if !foundation.allSatisfy(\.isASCII) {
                failures.append("\(context): not ASCII")
            }
            do {
                if try DispatchURL(url.url) != url {
                    failures.append("\(context): reparsed as a different value")
                }
            } catch {
                failures.append("\(context): rejected with \(error)")
            }
        }
        Self.report(failures, "did not survive the Foundation view")
    }

    @Test("rejections point at the input's own text")
    func rejectionsPointAtTheInput() {
        var failures: [String] = []
        for input in Self.allInputs {
            guard let error = urlTestError(input) else { continue }
            let scalars = Array(input.unicodeScalars)
            let context = "\(input.debugDescription) → \(error)"
            func textIsAt(_ text: String, _ offset: Int) -> Bool {
                offset >= 0 && offset <= scalars.count
                    && scalars[offset...].starts(with: text.unicodeScalars)
            }
            switch error {
            case .empty:
                if !input.isEmpty { failures.append(context) }
            case .disallowedCharacter(let scalar, let offset):
                if !(offset >= 0 && offset < scalars.count && scalars[offset] == scalar) {
                    failures.append(context)
                }
            case .malformedPercentEscape(let text, let offset):
                if !(text.unicodeScalars.first == "%" && text.unicodeScalars.count <= 3
                    && textIsAt(text, offset))
                {
                    failures.append(context)
                }
            case .invalidUTF8(let text, let offset):
                if !(text.unicodeScalars.first == "%" && textIsAt(text, offset)) { failures.append(context) }
            case .encodedNUL(let offset):
                if !textIsAt("%00", offset) { failures.append(context) }
            case .invalidHost(let text, let offset), .invalidPort(let text, let offset):
                if !textIsAt(text, offset) { failures.append(context) }
            case .missingHost(let scheme, let offset):
                // The input starts with "scheme:", and the host would follow it or its "//".
                let length = scheme.unicodeScalars.count
                let start = String(String.UnicodeScalarView(scalars.prefix(length + 1))).lowercased()
                if start != scheme + ":" || (offset != length + 1 && offset != length + 3) {
                    failures.append(context)
                }
            case .tooLong, .tooManyPathSegments, .tooManyQueryItems, .invalidLimit:
                failures.append(context)  // the generated inputs are far below every limit
            }
        }
        Self.report(failures, "were rejected with an error that does not match the input")
    }

    @Test("small limits never trap either")
    func smallLimits() {
        var random = SeededRandom(seed: 0x5EED_0005)
        var failures: [String] = []
        for input in Self.tokenInputs(count: 2_000, seed: 0x5EED_0006) {
            let limits = DispatchURL.Limits(
                maximumLength: Int.random(in: 0...40, using: &random),
                maximumPathSegments: Int.random(in: 0...3, using: &random),
                maximumQueryItems: Int.random(in: 0...3, using: &random))
            guard let url = urlTestParse(input, limits: limits) else { continue }
            if input.utf8.count > limits.maximumLength || url.queryItems.count > limits.maximumQueryItems
                || url.paths.count > limits.maximumPathSegments
            {
                failures.append("\(input.debugDescription) accepted under \(limits)")
            }
        }
        Self.report(failures, "were accepted over their limits")
    }
}

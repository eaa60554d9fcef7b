import Foundation
import Testing

// The README and the Reliability article state how many inputs the bad-input corpus holds and how
// they fall in outcome classes. Pins the drift where both said 469 inputs in 11 classes while the
// corpus had grown to 490 in 12: the figures are read from the documents and compared with the
// corpus itself.

@Suite struct BadInputFiguresTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(of document: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    }

    /// The numbers before each occurrence of `phrase` in `text`: `490` in `490 adversarial inputs`.
    static func figures(before phrase: String, in text: String) -> [Int] {
        // Lines wrap in the documents: read the text as one line.
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        var found: [Int] = []
        var rest = flat[...]
        while let range = rest.range(of: " " + phrase) {
            let digits = rest[..<range.lowerBound].reversed().prefix { $0.isNumber || $0 == "," }
            if let number = Int(String(digits.reversed()).replacingOccurrences(of: ",", with: "")) {
                found.append(number)
            }
            rest = rest[range.upperBound...]
        }
        return found
    }

    @Test(arguments: ["README.md", "Sources/DispatchKit/DispatchKit.docc/Reliability.md"])
    func theDocumentStatesTheCorpusSize(_ document: String) throws {
        let stated = Self.figures(before: "adversarial inputs", in: try Self.text(of: document))
        #expect(!stated.isEmpty, "\(document) no longer says how many adversarial inputs there are")
        for figure in stated {
            #expect(figure == BadInputCorpus.all.count, "\(document) says \(figure) adversarial inputs")
        }
    }

    @Test func theArticleStatesTheOutcomeClasses() throws {
        let text = try Self.text(of: "Sources/DispatchKit/DispatchKit.docc/Reliability.md")
        let valid = BadInputCorpus.all.filter { $0.outcomeClass == .valid }.count
        #expect(Self.figures(before: "outcome classes", in: text) == [BadInputClass.allCases.count])
        #expect(Self.figures(before: "valid,", in: text) == [valid])
        let refused = BadInputCorpus.all.count - valid
        #expect(Self.figures(before: "refused with a typed error", in: text) == [refused])
    }
}

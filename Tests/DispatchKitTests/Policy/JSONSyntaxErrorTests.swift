import DispatchKit
import DispatchKitManifest
import DispatchKitRules
import Foundation
import Testing

/// Pins JSON errors without a place: Foundation said "Invalid value around character 16" for the
/// rules and "The given data was not valid JSON." for a manifest, depending on the platform. Both
/// readers now say the line and column (in characters) of the first syntax error, and what was
/// expected there, the same on every platform.
@Suite struct JSONSyntaxErrorTests {
    @Test(arguments: [
        ("", "line 1, column 1: the document is empty"),
        ("   \n  ", "line 2, column 3: the document is empty"),
        ("{\n  \"rules\" []\n}", #"line 2, column 11: expected ":" after the key "rules", found "[""#),
        ("{\"rules\": [}", #"line 1, column 12: expected a value or "]", found "}""#),
        ("{\"rules\": []} x", #"line 1, column 15: expected the end of the document, found "x""#),
        ("{'rules': []}", #"line 1, column 2: expected a key in double quotes or "}", found "'""#),
        (
            "{\"rules\": [] \"x\": 1}",
            #"line 1, column 14: expected "," or "}" after a value, found a quotation mark"#
        ),
        ("{\"rules\": [1 2]}", #"line 1, column 14: expected "," or "]" after a value, found "2""#),
        ("{\"rules\": [", #"line 1, column 12: the document ends before its closing bracket "]""#),
        ("{\"rules\"", #"line 1, column 9: the document ends before its closing brace "}""#),
        ("{\"é\": \"ü\", \"rules\": tru}", #"line 1, column 21: expected a value, found "t""#),
        (
            "{\"rules\": [], \"x\": \"a\nb\"}",
            "line 1, column 22: a control character in a string (write it as an escape, such as \\n)"
        ),
        ("{\"rules\": [], \"x\": \"\\q\"}", #"line 1, column 21: "q" cannot follow \"#),
        ("{\"rules\": [], \"x\": \"\\u12\"}", #"line 1, column 21: \u must be followed by four hex digits"#),
        ("{\"rules\": [], \"x\": \"abc}", #"line 1, column 20: a string that is never closed"#),
        ("{\"rules\": [], \"x\": 01}", "line 1, column 20: a number cannot start with 0"),
        ("{\"rules\": [], \"x\": 1.}", "line 1, column 20: a decimal point must be followed by a digit"),
        ("{\"rules\": [], \"x\": -}", "line 1, column 20: a minus sign must be followed by a digit"),
        ("{\"rules\": [], \"x\": 1e}", "line 1, column 20: an exponent must have digits"),
        ("\u{1}", #"line 1, column 1: expected a value, found the control character \u0001"#),
    ])
    func bothReadersSayWhereTheSyntaxBreaks(text: String, error: String) {
        let data = Data(text.utf8)
        #expect(throws: RedirectRulesError(problem: .invalidJSON(error))) { try RedirectRules(json: data) }
        #expect(throws: RouteManifestError(path: "", problem: .invalidJSON(error))) {
            try RouteManifest(json: data)
        }
    }

    @Test(arguments: [
        #"{"rules": [], "n": [0, -0, 1.5, -2e10, 3E+2, 4e-1, true, false, null, "\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"]}"#,
        "\u{FEFF}{\"rules\": []}",
        " \r\n\t{\"rules\": []} \n",
    ])
    func validJSONPassesTheScan(text: String) {
        // Refused for its unknown field or accepted, but never as invalid JSON.
        do {
            _ = try RedirectRules(json: Data(text.utf8))
        } catch {
            #expect(error.problem == .unknownField("n"))
        }
    }
}

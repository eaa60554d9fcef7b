import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

@testable import DispatchManifestTool

/// The tool refuses nonsense clearly: help after any command, the version, swapped arguments,
/// directories, documents of the wrong shape or with a syntax error, standard input. Each error is
/// one line naming the file; exit 1 for a bad file, 2 for bad usage.
extension ManifestToolTests {
    /// Pins `validate --help` reading `--help` as a file.
    @Test(arguments: [
        ["validate", "--help"], ["validate", "-h"], ["diff", "a.json", "--help"], ["check-rules", "-h"],
        ["aasa", "--help"], ["android", "m.json", "--host", "test.com", "--help"], ["help", "validate"],
    ])
    func helpAfterACommandPrintsThatCommandsUsage(arguments: [String]) {
        let result = run(arguments)
        let command = arguments[0] == "help" ? arguments[1] : arguments[0]
        #expect(result.status == 0)
        #expect(result.out.first?.hasPrefix("usage: dispatch-manifest \(command) ") == true)
        #expect(result.err.isEmpty)
    }

    @Test func helpForAnUnknownCommandIsAUsageError() {
        #expect(run(["help", "frobnicate"]).status == 2)
    }

    // Regression: `android --advanced --advanced` exited 0, while a repeated --host or --domain was
    // refused: every option given twice is bad usage, said in one line, before any file is read.
    @Test(arguments: [
        (
            ["android", "m.json", "--host", "test.com", "--advanced", "--advanced"],
            "--advanced is given twice"
        ),
        (["android", "m.json", "--advanced", "--host", "a.com", "--advanced"], "--advanced is given twice"),
        (
            ["android", "m.json", "--host", "test.com", "--host", "test.com"],
            #"--host "test.com" is given twice"#
        ),
        (
            ["aasa", "m.json", "--app-id", "ABCDE12345.a", "--domain", "a.com", "--domain", "a.com"],
            #"--domain "a.com" is given twice"#
        ),
        (
            ["diff", "old.json", "new.json", "--accept-widening", "Shop.A", "--accept-widening", "Shop.A"],
            #"--accept-widening "Shop.A" is given twice"#
        ),
        (["--version", "--version"], "--version is given twice"),
        // Regression: a repeated --help (or -h, its short form) printed the usage and exited 0.
        (["--help", "--help"], "--help is given twice"),
        (["-h", "--help"], "--help is given twice"),
        (["--help", "-h"], "-h is given twice"),
        (["diff", "--help", "--help"], "--help is given twice"),
        (["diff", "old.json", "-h", "new.json", "-h"], "-h is given twice"),
        (["validate", "-h", "--help"], "--help is given twice"),
        (["android", "m.json", "--help", "--host", "test.com", "--help"], "--help is given twice"),
        (["--version", "validate"], #"--version takes no argument, not "validate""#),
    ])
    func anOptionGivenTwiceIsAUsageError(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == ["error: \(message) (see --help)"])
    }

    @Test func repeatableOptionsTakeDifferentValues() throws {
        let manifest = try file("routes.json", Self.manifest.jsonString())
        let result = run(["android", manifest, "--host", "a.com", "--host", "b.com", "--advanced"])
        #expect(result.status == 0)
        #expect(result.out.joined().contains(#"android:host="b.com""#))
    }

    @Test func theVersionIsPrinted() {
        let result = run(["--version"])
        #expect(result.status == 0)
        #expect(result.out == ["dispatch-manifest \(dispatchKitVersion)"])
    }

    /// Pins `check-rules routes.json rules.json` saying `unknown field "customClaimants"`.
    @Test func swappedArgumentsAreNamedAsSuch() throws {
        let manifest = try file("routes.json", Self.manifest.jsonString())
        let rules = try file("rules.json", #"{"rules": [{"pattern": "/a", "target": "/b"}]}"#)
        let result = run(["check-rules", manifest, rules])
        #expect(result.status == 2)
        #expect(
            result.err == [
                "error: \(manifest) looks like a route manifest and \(rules) a rules document: the arguments may be "
                    + "swapped (usage: check-rules RULES MANIFEST)"
            ])
        let validate = run(["validate", rules])
        #expect(validate.status == 1)
        #expect(
            validate.err == [
                "error: \(rules): this is a redirect rules document, not a route manifest "
                    + "(check-rules RULES MANIFEST reads it)"
            ])
    }

    /// Pins `NSCocoaErrorDomain error 256` for a directory.
    @Test func aDirectoryIsNamedAsOne() {
        let result = run(["validate", directory.path])
        #expect(result.status == 1)
        #expect(result.err == ["error: \(directory.path): is a directory, not a file"])
    }

    /// Pins `[1,2]` refused as `not an object (Dictionary<String, Any>)`.
    @Test func aDocumentOfTheWrongShapeSaysWhatWasExpected() throws {
        let array = try file("array.json", "[1,2]")
        #expect(
            run(["validate", array]).err == [
                "error: \(array): the manifest must be a JSON object, not an array"
            ])
        let manifest = try file("manifest.json", Self.manifest.jsonString())
        #expect(
            run(["check-rules", array, manifest]).err == [
                "error: \(array): the rules document must be a JSON object, not an array"
            ])
    }

    /// Pins invalid JSON reported without a line or a column.
    @Test func invalidJSONSaysItsLineAndColumn() throws {
        let broken = try file("broken.json", "{\n  \"schemaVersion\": 1,\n  \"routes\" []\n}\n")
        let result = run(["validate", broken])
        #expect(result.status == 1)
        #expect(
            result.err == [
                #"error: \#(broken): not valid JSON: line 3, column 12: expected ":" after the key "routes", found "[""#
            ])
        let manifest = try file("manifest.json", Self.manifest.jsonString())
        #expect(
            run(["check-rules", broken, manifest]).err == [
                #"error: \#(broken): not valid JSON: line 3, column 12: expected ":" after the key "routes", found "[""#
            ])
    }

    /// Pins `-` read as a file name: it is standard input, named so in messages, read once.
    @Test func aDashIsStandardInput() throws {
        let manifest = Self.manifest.jsonString()
        let result = run(["validate", "-"], input: manifest)
        #expect(result.status == 0)
        #expect(result.out == ["standard input: valid, schema version 4, 1 route"])
        let rules = try file(
            "rules.json", #"{"rules": [{"pattern": "/product/:id<int>", "target": "/p/:id"}]}"#)
        #expect(run(["check-rules", rules, "-"], input: manifest).out.last == "\(rules): 1 rule, 1 problem")
        #expect(run(["diff", "-", try file("m.json", manifest)], input: manifest).out == ["no change"])
        #expect(
            run(["validate", "-"], input: "[]").err == [
                "error: standard input: the manifest must be a JSON object, not an array"
            ])
        let twice = run(["diff", "-", "-"], input: manifest)
        #expect(twice.status == 2)
        #expect(twice.err == ["error: standard input (-) can be read only once (see --help)"])
    }

    /// The one policy for unknown fields, as in a rules document: refused, named.
    @Test func anUnknownFieldInAManifestIsRefused() throws {
        let text = Self.manifest.jsonString().replacingOccurrences(
            of: "\"priority\": 0,", with: "\"priority\": 0,\n      \"priorty\": 1,")
        let path = try file("typo.json", text)
        let result = run(["validate", path])
        #expect(result.status == 1)
        #expect(
            result.err == [
                "error: \(path): routes[0].priorty: unknown field (the document's schema version does not define it)"
            ])
    }

    @Test func anUnknownOptionIsAUsageError() throws {
        let path = try file("manifest.json", Self.manifest.jsonString())
        #expect(run(["validate", path, "--strict"]).status == 2)
        #expect(
            run(["validate", "--strict"]).err == [
                #"error: unknown option "--strict" for validate (see --help)"#
            ])
        #expect(run(["check-rules", "--x", path]).status == 2)
    }
}

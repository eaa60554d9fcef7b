import Dispatch
import DispatchKit
import DispatchKitEvents
import DispatchKitManifest
import DispatchKitRules
import DispatchKitServices
import DispatchKitUI
import Foundation
import Testing

// Every public type of DispatchKit, DispatchKitRules, DispatchKitManifest, DispatchKitServices and
// DispatchKitEvents, and of DispatchKitUI's
// navigation and intake (its adapters are for Apple platforms), named the way an app file (or its test
// target's) names it: unqualified, in type position, in a file that also imports Foundation and
// Dispatch. A public name that one of those
// modules declares too ("DispatchSource" was one: GCD's class) makes this file fail to compile,
// "ambiguous for type lookup in this context", as it would fail in the app.
//
// The test below derives the list of public types from the modules' sources at run time and fails
// naming any type missing here, so that a new type cannot be forgotten: add one line per type.
//
// Tests/DocumentationExamples/InAnIOSApp/PublicTypeNames.swift does the same for an iOS app file,
// beside UIKit, SwiftUI, Combine and UserNotifications, with the types of DispatchKitUI too; a test
// below keeps its list complete in the same way.

/// A link type, to name the generic activities with.
private struct NamedLink: DispatchLink {}

/// Never called: that this compiles is the test.
private func nameEveryPublicType() {
    // Activity/
    let _: AsyncDispatchActivity.Type = AsyncDispatchActivity.self
    let _: AsyncLinkActivity<NamedLink>.Type = AsyncLinkActivity<NamedLink>.self
    let _: DispatchActivity.Type = DispatchActivity.self
    let _: (any DispatchModule).Type = (any DispatchModule).self
    let _: (any _DispatchModuleRegistration).Type = (any _DispatchModuleRegistration).self
    let _: DispatchRequest.Type = DispatchRequest.self
    let _: LinkActivity<NamedLink>.Type = LinkActivity<NamedLink>.self

    // Center/
    let _: DispatchCenter.Type = DispatchCenter.self
    let _: DispatchConfigurationError.Type = DispatchConfigurationError.self
    let _: DispatchFailure.Type = DispatchFailure.self
    let _: DispatchResult.Type = DispatchResult.self

    // Intake/
    let _: AssociatedDomains.Type = AssociatedDomains.self
    let _: AssociatedDomains.Entry.Type = AssociatedDomains.Entry.self
    let _: AssociatedDomains.InvalidEntry.Type = AssociatedDomains.InvalidEntry.self
    let _: IntakeError.Type = IntakeError.self
    let _: (any _AdmissibleLink).Type = (any _AdmissibleLink).self
    let _: _LinkAdmission.Type = _LinkAdmission.self
    let _: NotificationLinkKey.Type = NotificationLinkKey.self

    // Links/
    let _: (any DispatchLink).Type = (any DispatchLink).self
    let _: LinkDecodingError.Type = LinkDecodingError.self
    let _: LinkDecodingError.Reason.Type = LinkDecodingError.Reason.self
    let _: LinkEncodingError.Type = LinkEncodingError.self
    let _: LinkEncodingError.Reason.Type = LinkEncodingError.Reason.self
    let _: LinkRoute<NamedLink>.Type = LinkRoute<NamedLink>.self
    let _: (any LinkValueConvertible).Type = (any LinkValueConvertible).self

    // DispatchKitRules
    let _: RedirectRules.Type = RedirectRules.self
    let _: RedirectRules.Condition.Type = RedirectRules.Condition.self
    let _: RedirectRules.Environment.Type = RedirectRules.Environment.self
    let _: RedirectRules.Rule.Type = RedirectRules.Rule.self
    let _: RedirectRules.Version.Type = RedirectRules.Version.self
    let _: RedirectRulesError.Type = RedirectRulesError.self
    let _: RedirectRulesError.JSONType.Type = RedirectRulesError.JSONType.self
    let _: RedirectRulesError.Problem.Type = RedirectRulesError.Problem.self

    // DispatchKitManifest
    let _: AndroidIntentFilter.Type = AndroidIntentFilter.self
    let _: AndroidIntentFilter.Syntax.Type = AndroidIntentFilter.Syntax.self
    let _: AppSiteAssociation.Type = AppSiteAssociation.self
    let _: AppSiteAssociation.Component.Type = AppSiteAssociation.Component.self
    let _: AssetLinks.Type = AssetLinks.self
    let _: AssetLinks.App.Type = AssetLinks.App.self
    let _: LinkApproximation.Type = LinkApproximation.self
    let _: LinkApproximation.Kind.Type = LinkApproximation.Kind.self
    let _: LinkFileError.Type = LinkFileError.self
    let _: RouteManifest.Type = RouteManifest.self
    let _: RouteManifest.CustomClaimant.Type = RouteManifest.CustomClaimant.self
    let _: RouteManifest.Exposure.Type = RouteManifest.Exposure.self
    let _: RouteManifest.Exposure.Level.Type = RouteManifest.Exposure.Level.self
    let _: RouteManifest.Parameter.Type = RouteManifest.Parameter.self
    let _: RouteManifest.ParameterKind.Type = RouteManifest.ParameterKind.self
    let _: RouteManifest.QueryKey.Type = RouteManifest.QueryKey.self
    let _: RouteManifest.WildcardKey.Type = RouteManifest.WildcardKey.self
    let _: RouteManifest.Route.Type = RouteManifest.Route.self
    let _: RouteManifestError.Type = RouteManifestError.self
    let _: RouteManifestError.Problem.Type = RouteManifestError.Problem.self
    let _: RouteManifestRecordedError.Type = RouteManifestRecordedError.self
    let _: RouteManifestRecordedError.Reason.Type = RouteManifestRecordedError.Reason.self
    let _: RouteChange.Type = RouteChange.self
    let _: RouteChange.Addition.Type = RouteChange.Addition.self
    let _: RouteChange.ExposureNarrowing.Type = RouteChange.ExposureNarrowing.self
    let _: RouteChange.ExposureWidening.Type = RouteChange.ExposureWidening.self
    let _: RouteChange.KeyNarrowing.Type = RouteChange.KeyNarrowing.self
    let _: RouteChange.KeyRemoval.Type = RouteChange.KeyRemoval.self
    let _: RouteChange.KeyRequirement.Type = RouteChange.KeyRequirement.self
    let _: RouteChange.KeyRetype.Type = RouteChange.KeyRetype.self
    let _: RouteChange.KeyWidening.Type = RouteChange.KeyWidening.self
    let _: RouteChange.LinkKey.Type = RouteChange.LinkKey.self
    let _: RouteChange.LinkKey.Place.Type = RouteChange.LinkKey.Place.self
    let _: RouteChange.LinkRefusal.Type = RouteChange.LinkRefusal.self
    let _: RouteChange.Move.Type = RouteChange.Move.self
    let _: RouteChange.ParameterNarrowing.Type = RouteChange.ParameterNarrowing.self
    let _: RouteChange.Reach.Type = RouteChange.Reach.self
    let _: RouteChange.Removal.Type = RouteChange.Removal.self
    let _: RouteChange.Retarget.Type = RouteChange.Retarget.self
    let _: RuleDiagnostic.Type = RuleDiagnostic.self
    let _: RuleDiagnostic.Kind.Type = RuleDiagnostic.Kind.self

    // DispatchKitUI, Intake/
    let _: IncomingLink.Type = IncomingLink.self
    let _: NotificationPayload.Type = NotificationPayload.self

    // DispatchKitUI, Navigation/
    let _: (any DispatchNavigator).Type = (any DispatchNavigator).self
    let _: NavigationError.Type = NavigationError.self
    let _: NavigationState.Type = NavigationState.self
    let _: NavigationStep.Type = NavigationStep.self
    let _: RecordingNavigator.Type = RecordingNavigator.self

    // Patterns/
    let _: RouteDiagnostic.Type = RouteDiagnostic.self
    let _: RouteDiagnostic.Kind.Type = RouteDiagnostic.Kind.self
    let _: RouteDiagnostic.Severity.Type = RouteDiagnostic.Severity.self
    let _: RouteMatch.Type = RouteMatch.self
    let _: RoutePattern.Type = RoutePattern.self
    let _: RoutePatternError.Type = RoutePatternError.self

    // Policy/
    let _: DispatchDecision.Type = DispatchDecision.self
    let _: DispatchExposure.Type = DispatchExposure.self
    let _: DispatchHold.Type = DispatchHold.self
    let _: DispatchHold.State.Type = DispatchHold.State.self
    let _: DispatchInterception.Type = DispatchInterception.self
    let _: (any DispatchInterceptor).Type = (any DispatchInterceptor).self
    let _: DispatchOrigin.Type = DispatchOrigin.self
    let _: DispatchRejection.Type = DispatchRejection.self
    let _: DispatchRejection.Rule.Type = DispatchRejection.Rule.self
    let _: LinkOrigins.Type = LinkOrigins.self
    let _: InvalidLinkHandling.Type = InvalidLinkHandling.self
    let _: QueuedDispatch.Type = QueuedDispatch.self

    // DispatchKitEvents
    let _: DispatchEvent.Type = DispatchEvent.self
    let _: DispatchEvent.Decision.Type = DispatchEvent.Decision.self
    let _: DispatchEvent.Kind.Type = DispatchEvent.Kind.self
    let _: (any DispatchObserver).Type = (any DispatchObserver).self

    // DispatchKitServices
    let _: ServiceError.Type = ServiceError.self
    let _: ServiceLifetime.Type = ServiceLifetime.self
    let _: (any ServiceModule).Type = (any ServiceModule).self
    let _: ServiceRegistry.Type = ServiceRegistry.self

    // URL/
    let _: DispatchURL.Type = DispatchURL.self
    let _: DispatchURL.Limits.Type = DispatchURL.Limits.self
    let _: DispatchURLError.Type = DispatchURLError.self
}

@Suite("Public type names")
struct PublicTypeNamesTests {
    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The file of Tests/DocumentationExamples that names every public type of both modules in an
    /// iOS app, which scripts/apple-check.sh compiles.
    static let iOSFile = root.appendingPathComponent(
        "Tests/DocumentationExamples/InAnIOSApp/PublicTypeNames.swift")

    /// The types a file names: one per `let _: T.Type` line, `(any P)` read as `P` and a generic
    /// type's arguments dropped (`PageStack<EmptyView, EmptyView>` is `PageStack`).
    static func namedTypes(in file: URL = URL(fileURLWithPath: #filePath)) throws -> Set<String> {
        let text = try String(contentsOf: file, encoding: .utf8)
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            let code = line.drop { $0 == " " }
            guard code.hasPrefix("let _: "), let end = code.range(of: ".Type = ") else { continue }
            var name = code[code.index(code.startIndex, offsetBy: 7)..<end.lowerBound]
            if name.hasPrefix("(any "), name.hasSuffix(")") { name = name.dropFirst(5).dropLast() }
            if let arguments = name.firstIndex(of: "<") { name = name[..<arguments] }
            names.insert(String(name))
        }
        return names
    }

    /// The public and open types declared in the sources of a module (`Sources/<module>`),
    /// qualified by the types and extensions they are declared in (`DispatchURL.Limits`).
    static func publicTypes(ofModule module: String) throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources").appendingPathComponent(module)
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        let files = (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
        var types: Set<String> = []
        for file in files {
            types.formUnion(DeclarationScan.publicTypes(in: try String(contentsOf: file, encoding: .utf8)))
        }
        return types
    }

    @Test func everyPublicTypeOfTheLibraryIsNamedInThisFile() throws {
        let core = try Self.publicTypes(ofModule: "DispatchKit")
        let tools = try Self.publicTypes(ofModule: "DispatchKitManifest")
        let rules = try Self.publicTypes(ofModule: "DispatchKitRules")
        // DispatchKitUI's types that Linux compiles: its adapters are under `#if canImport(…)`.
        let navigation = try Self.publicTypes(ofModule: "DispatchKitUI/Navigation")
            .union(Self.publicTypes(ofModule: "DispatchKitUI/Intake"))
        let services = try Self.publicTypes(ofModule: "DispatchKitServices")
        let events = try Self.publicTypes(ofModule: "DispatchKitEvents")
        let declared = core.union(tools).union(rules).union(navigation).union(services).union(events)
        let named = try Self.namedTypes()
        // The scan read the sources: DispatchKit has dozens of public types, the tools a few dozen.
        #expect(core.count > 40 && tools.count > 20)
        #expect(core.contains("DispatchCenter") && core.contains("DispatchURL.Limits"))
        #expect(tools.contains("RouteManifest") && core.isDisjoint(with: tools))
        #expect(rules.contains("RedirectRules.Rule") && core.isDisjoint(with: rules))
        #expect(navigation.contains("NavigationState") && core.isDisjoint(with: navigation))
        #expect(services.contains("ServiceRegistry") && core.isDisjoint(with: services))
        #expect(events.contains("DispatchEvent.Kind") && core.isDisjoint(with: events))
        let missing = declared.subtracting(named).sorted()
        #expect(
            missing.isEmpty,
            """
            public types of DispatchKit, DispatchKitRules, DispatchKitManifest, DispatchKitServices, \
            DispatchKitEvents or DispatchKitUI's navigation and intake that nameEveryPublicType() does not name: \
            \(missing.joined(separator: ", ")). Add a `let _: T.Type = T.self` line for each.
            """)
        // What is named here and compiles exists: a name the scan did not find is a scan that
        // misread a declaration.
        let unfound = named.subtracting(declared).sorted()
        #expect(
            unfound.isEmpty,
            """
            named here, but not found in Sources/DispatchKit, Sources/DispatchKitRules, \
            Sources/DispatchKitManifest, Sources/DispatchKitServices, Sources/DispatchKitEvents or \
            Sources/DispatchKitUI/{Navigation,Intake}: \
            \(unfound.joined(separator: ", "))
            """)
    }

    @Test func everyPublicTypeOfEveryModuleIsNamedInTheIOSFile() throws {
        let library = try Self.publicTypes(ofModule: "DispatchKit")
        let tools = try Self.publicTypes(ofModule: "DispatchKitManifest")
        let rules = try Self.publicTypes(ofModule: "DispatchKitRules")
        let adapters = try Self.publicTypes(ofModule: "DispatchKitUI")
        let swiftUI = try Self.publicTypes(ofModule: "DispatchKitSwiftUI")
        let services = try Self.publicTypes(ofModule: "DispatchKitServices")
        let events = try Self.publicTypes(ofModule: "DispatchKitEvents")
        // The scan read the adapters, whose declarations are indented under `#if canImport(…)`.
        #expect(adapters.isSuperset(of: ["WindowNavigator", "NavigationState"]))
        #expect(swiftUI.isSuperset(of: ["ObservableNavigator", "PageStack", "PresentedPage"]))
        #expect(library.isDisjoint(with: adapters) && adapters.isDisjoint(with: swiftUI))
        let named = try Self.namedTypes(in: Self.iOSFile)
        for (module, declared) in [
            ("DispatchKitUI", adapters), ("DispatchKitSwiftUI", swiftUI), ("DispatchKit", library),
            ("DispatchKitManifest", tools), ("DispatchKitRules", rules), ("DispatchKitServices", services),
            ("DispatchKitEvents", events),
        ] {
            let missing = declared.subtracting(named).sorted()
            #expect(
                missing.isEmpty,
                """
                public types of \(module) that Tests/DocumentationExamples/InAnIOSApp/PublicTypeNames.swift \
                does not name: \(missing.joined(separator: ", ")). Add a `let _: T.Type = T.self` line \
                for each (scripts/apple-check.sh compiles it for iOS).
                """)
        }
        let unfound = named.subtracting(library).subtracting(tools).subtracting(adapters)
            .subtracting(swiftUI).subtracting(rules).subtracting(services).subtracting(events).sorted()
        #expect(
            unfound.isEmpty,
            """
            named in InAnIOSApp/PublicTypeNames.swift, but not found in Sources/DispatchKit, \
            Sources/DispatchKitManifest, Sources/DispatchKitRules, Sources/DispatchKitServices, \
            Sources/DispatchKitEvents, Sources/DispatchKitUI or Sources/DispatchKitSwiftUI: \
            \(unfound.joined(separator: ", "))
            """)
    }

    @Test func theScanFindsPublicDeclarationsAndNothingElse() {
        let source = #"""
            import Foundation

            /// public struct InADocComment {}
            // public enum InAComment {}
            /* public class InABlock { /* nested */ public struct StillInABlock {} } */
            @MainActor
            public final class Center {
                public enum Mode: Sendable { case a, b }
                private struct Hidden { public struct InsideHidden {} }
                open class func isHit() -> Bool { true }
                open class var priority: Int { 0 }
                public var actor: Int { let actor = 1; return actor }
                let text = "public struct InAString { \(value) } \("}" + "{")"
                let raw = #"public struct InARawString { \"# + """
                    public struct InAMultilineString { " "" \"""
                    """
                func work() { struct Local { public struct InsideLocal {} } }
            }

            extension Center {
                public struct Limits: Hashable,
                    CustomStringConvertible
                {
                    public typealias Value = Int
                    var description: String { "}" }
                }
            }

            extension Center.Limits { public enum Deep {} }
            @available(iOS 13, *) public protocol Navigator: AnyObject {}
            package struct PackageOnly {}
            struct InternalOnly {}
            open class Activity {}
            public indirect enum Tree { case leaf, node(Tree) }
            public typealias Handler = () -> Void
            """#
        #expect(
            DeclarationScan.publicTypes(in: source).sorted() == [
                "Activity", "Center", "Center.Limits", "Center.Limits.Deep", "Center.Limits.Value",
                "Center.Mode",
                "Handler", "Navigator", "Tree",
            ])
    }

    @Test func theNamedTypesAreReadFromThisFile() throws {
        let named = try Self.namedTypes()
        #expect(named.contains("DispatchOrigin"))
        #expect(named.contains("DispatchNavigator"))
        #expect(named.contains("AssociatedDomains.InvalidEntry"))
        #expect(!named.contains("(any DispatchNavigator)"))
    }

    @Test func theNamedTypesAreReadFromTheIOSFileWithoutGenericArguments() throws {
        let named = try Self.namedTypes(in: Self.iOSFile)
        #expect(named.contains("PageStack"))
        #expect(named.contains("WindowNavigator"))
        #expect(named.contains("DispatchNavigator"))
        #expect(!named.contains { $0.contains("<") })
    }
}

/// Finds the public declarations of types in Swift source: enough of a tokenizer to skip comments
/// and string literals (raw, multi-line, with interpolations), and a walk that keeps the names of
/// the types and extensions around each declaration.
private enum DeclarationScan {
    static func publicTypes(in source: String) -> [String] {
        var tokenizer = Tokenizer(source)
        let tokens = tokenizer.tokens()
        let modifiers: Set<String> = [
            "public", "open", "package", "internal", "private", "fileprivate", "final", "indirect",
            "nonisolated", "static", "override", "required", "convenience", "dynamic", "lazy", "weak",
        ]
        let keywords: Set<String> = ["func", "var", "let", "subscript", "init", "deinit", "case", "where"]
        func isName(_ token: String) -> Bool {
            guard let first = token.unicodeScalars.first else { return false }
            return (first.properties.isAlphabetic || first == "_") && !modifiers.contains(token)
                && !keywords.contains(token)
        }
        // Whether the modifiers and attributes just before `index` include `public` or `open`.
        func isPublic(before index: Int) -> Bool {
            var position = index - 1
            var found = false
            while position >= 0 {
                let token = tokens[position]
                if token == "public" || token == "open" {
                    found = true
                    position -= 1
                } else if modifiers.contains(token) || token.hasPrefix("@") {
                    position -= 1
                } else if token == ")" {
                    // The arguments of an attribute, `@available(iOS 13, *)`.
                    var depth = 0
                    repeat {
                        if tokens[position] == ")" { depth += 1 }
                        if tokens[position] == "(" { depth -= 1 }
                        position -= 1
                    } while position >= 0 && depth > 0
                    guard position >= 0, tokens[position].hasPrefix("@") else { break }
                } else {
                    break
                }
            }
            return found
        }

        // The scope each open brace starts: a type or an extension (and whether what it declares
        // can be public), or nil for a function body, a computed property, a closure.
        var scopes: [(name: String, exported: Bool)?] = []
        var pending: (name: String, exported: Bool)?
        var found: [String] = []
        for (index, token) in tokens.enumerated() {
            switch token {
            case "{":
                scopes.append(pending)
                pending = nil
            case "}":
                _ = scopes.popLast()
            case "extension":
                var position = index + 1
                var name = position < tokens.count ? tokens[position] : ""
                while position + 2 < tokens.count, tokens[position + 1] == "." {
                    name += "." + tokens[position + 2]
                    position += 2
                }
                // What an extension declares is public if it says so (of a public type).
                pending = (name, true)
            case "class", "struct", "enum", "protocol", "actor", "typealias":
                guard index + 1 < tokens.count, isName(tokens[index + 1]) else { continue }
                let enclosing = scopes.compactMap { $0 }
                // In a function or a closure, or in a type that is not public: not public either.
                let isHidden = enclosing.count < scopes.count || enclosing.contains { !$0.exported }
                // Each scope's name is qualified already: the innermost one qualifies this one.
                let name = (enclosing.last.map { $0.name + "." } ?? "") + tokens[index + 1]
                let isExported = !isHidden && isPublic(before: index)
                if token != "typealias" { pending = (name, isExported) }
                if isExported { found.append(name) }
            default:
                continue
            }
        }
        return found
    }

    /// Identifiers and keywords, attributes (`@MainActor`), directives (`#if`), and single
    /// punctuation characters; comments and string literals are dropped.
    private struct Tokenizer {
        private let text: [Unicode.Scalar]
        private var index = 0

        init(_ source: String) {
            text = Array(source.unicodeScalars)
        }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < text.count ? text[index + offset] : nil
        }

        private static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
                || scalar == "$"
        }

        /// The number of `#`s at the cursor if they open a raw string, else nil.
        private func rawStringHashes() -> Int? {
            var count = 0
            while peek(count) == "#" { count += 1 }
            return count > 0 && peek(count) == "\"" ? count : nil
        }

        mutating func tokens() -> [String] {
            var tokens: [String] = []
            while let scalar = peek() {
                if scalar == "/", peek(1) == "/" {
                    while let next = peek(), next != "\n" { index += 1 }
                } else if scalar == "/", peek(1) == "*" {
                    skipBlockComment()
                } else if scalar == "\"" {
                    skipString(hashes: 0)
                } else if let hashes = rawStringHashes() {
                    skipString(hashes: hashes)
                } else if scalar == "@" || scalar == "#" || Self.isNamePart(scalar) {
                    var token = String(scalar)
                    index += 1
                    while let next = peek(), Self.isNamePart(next) {
                        token.unicodeScalars.append(next)
                        index += 1
                    }
                    tokens.append(token)
                } else if scalar == "`" {
                    index += 1
                    var token = ""
                    while let next = peek(), next != "`" {
                        token.unicodeScalars.append(next)
                        index += 1
                    }
                    index += 1
                    tokens.append(token)
                } else {
                    if !scalar.properties.isWhitespace { tokens.append(String(scalar)) }
                    index += 1
                }
            }
            return tokens
        }

        private mutating func skipBlockComment() {
            var depth = 0
            repeat {
                if peek() == "/", peek(1) == "*" {
                    depth += 1
                    index += 2
                } else if peek() == "*", peek(1) == "/" {
                    depth -= 1
                    index += 2
                } else {
                    index += 1
                }
            } while depth > 0 && peek() != nil
        }

        /// Skips a string literal that opens at the cursor with `hashes` `#`s.
        private mutating func skipString(hashes: Int) {
            index += hashes
            let isMultiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
            let quotes = isMultiline ? 3 : 1
            index += quotes
            while let scalar = peek() {
                if scalar == "\\" {
                    var offset = 1
                    while offset <= hashes, peek(offset) == "#" { offset += 1 }
                    guard offset == hashes + 1 else {
                        index += 1
                        continue
                    }
                    if peek(offset) == "(" {
                        index += offset + 1
                        skipInterpolation()
                    } else {
                        index += offset + 1
                    }
                } else if scalar == "\"", (0..<quotes).allSatisfy({ peek($0) == "\"" }),
                    (0..<hashes).allSatisfy({ peek(quotes + $0) == "#" })
                {
                    index += quotes + hashes
                    return
                } else {
                    index += 1
                }
            }
        }

        /// Skips the code of an interpolation, up to and including its closing parenthesis.
        private mutating func skipInterpolation() {
            var depth = 1
            while let scalar = peek(), depth > 0 {
                if scalar == "\"" {
                    skipString(hashes: 0)
                } else if let hashes = rawStringHashes() {
                    skipString(hashes: hashes)
                } else {
                    if scalar == "(" { depth += 1 }
                    if scalar == ")" { depth -= 1 }
                    index += 1
                }
            }
        }
    }
}

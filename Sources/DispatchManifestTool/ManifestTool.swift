import DispatchKit
import Foundation

/// The command-line tool: parses the arguments, runs one command, and returns the exit status —
/// 0 on success, 1 when a check finds problems or a file cannot be used, 2 for bad usage.
struct ManifestTool {
    static let usage = """
        usage: dispatch-manifest COMMAND [ARGUMENTS]

        Checks and converts the route manifests DispatchKit apps export
        (center.routeManifest(), or `SampleApp --export manifest`).

        Commands:
          validate MANIFEST            check a manifest document; prints its route count
          diff OLD NEW                 what changed from OLD to NEW; exit 1 if a change breaks
                                       links in the wild (a route removed or retargeted, a
                                       parameter or an exposure narrowed)
          check-rules RULES MANIFEST   check a redirect rules document against a manifest: dead
                                       patterns, dangling or internal-only targets, loops; exit 1
                                       if any
          aasa MANIFEST --app-id ID --domain DOMAIN
                                       the applinks section of apple-app-site-association for
                                       DOMAIN (--app-id repeatable); notes on what the format
                                       cannot express go to standard error
          android MANIFEST --host HOST [--advanced]
                                       the <intent-filter> elements for App Links on HOST
                                       (--host repeatable; --advanced writes pathAdvancedPattern,
                                       exact but for minSdk 31 and later); notes go to
                                       standard error

        Exit status: 0 on success, 1 when a check finds problems or a file cannot be read,
        2 for bad usage.
        """

    let out: (String) -> Void
    let err: (String) -> Void

    func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            err(Self.usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help":
            out(Self.usage)
            return 0
        case "validate": return validate(rest)
        case "check-rules": return checkRules(rest)
        case "diff": return diff(rest)
        case "aasa": return appSiteAssociation(rest)
        case "android": return androidIntentFilter(rest)
        default:
            err("error: unknown command \"\(command)\" (see --help)")
            return 2
        }
    }

    private func usageError(_ message: String) -> Int32 {
        err("error: \(message) (see --help)")
        return 2
    }

    /// Reads and checks a manifest file; on failure says why, naming the file and the entry.
    func manifest(at path: String) -> RouteManifest? {
        guard let data = read(path) else { return nil }
        do {
            return try RouteManifest(json: data)
        } catch {
            err("error: \(path): \(error)")
            return nil
        }
    }

    func read(_ path: String) -> Data? {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            err("error: cannot read \(path): \(error.localizedDescription)")
            return nil
        }
    }

    private func validate(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let path = arguments.first else {
            return usageError("validate takes one manifest file")
        }
        guard let manifest = manifest(at: path) else { return 1 }
        let routes = manifest.routes.count
        let custom = manifest.customClaimants.count
        out(
            "\(path): valid, schema version \(manifest.schemaVersion), \(routes) route\(routes == 1 ? "" : "s")"
                + (custom == 0 ? "" : ", \(custom) custom claimant\(custom == 1 ? "" : "s")"))
        return 0
    }

    private func checkRules(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2 else {
            return usageError("check-rules takes a rules file and a manifest file")
        }
        let (rulesPath, manifestPath) = (arguments[0], arguments[1])
        guard let data = read(rulesPath) else { return 1 }
        let rules: RedirectRules
        do {
            rules = try RedirectRules(json: data)
        } catch {
            err("error: \(rulesPath): \(error)")
            return 1
        }
        guard let manifest = manifest(at: manifestPath) else { return 1 }
        let diagnostics = rules.diagnostics(against: manifest)
        for diagnostic in diagnostics { out("\(rulesPath): \(diagnostic)") }
        if diagnostics.isEmpty {
            out(
                "\(rulesPath): \(rules.rules.count) rule\(rules.rules.count == 1 ? "" : "s"), no problem found"
            )
            return 0
        }
        return 1
    }

    /// The file, then each option's values: `aasa m.json --app-id A --app-id B --domain d`.
    private func fileAndOptions(
        _ arguments: [String], command: String, options: Set<String>, flags: Set<String> = []
    ) -> (file: String, values: [String: [String]], flags: Set<String>)? {
        guard let file = arguments.first, !file.hasPrefix("--") else {
            _ = usageError("\(command) takes a manifest file first")
            return nil
        }
        var values: [String: [String]] = [:]
        var seen: Set<String> = []
        var rest = arguments.dropFirst()
        while let option = rest.popFirst() {
            if flags.contains(option) {
                seen.insert(option)
            } else if options.contains(option), let value = rest.popFirst(), !value.hasPrefix("--") {
                values[option, default: []].append(value)
            } else {
                _ = usageError(
                    options.contains(option)
                        ? "\(option) needs a value" : "unknown argument \"\(option)\" for \(command)")
                return nil
            }
        }
        return (file, values, seen)
    }

    private func appSiteAssociation(_ arguments: [String]) -> Int32 {
        guard let parsed = fileAndOptions(arguments, command: "aasa", options: ["--app-id", "--domain"])
        else {
            return 2
        }
        guard let appIDs = parsed.values["--app-id"], let domains = parsed.values["--domain"] else {
            return usageError("aasa needs --app-id TEAMID.BUNDLE-ID and --domain DOMAIN")
        }
        guard let manifest = manifest(at: parsed.file) else { return 1 }
        let association = AppSiteAssociation(manifest: manifest, appIDs: appIDs, domains: domains)
        let document = association.jsonString()
        out(document.hasSuffix("\n") ? String(document.dropLast()) : document)
        for note in association.approximations { err("note: \(note)") }
        return 0
    }

    private func androidIntentFilter(_ arguments: [String]) -> Int32 {
        guard
            let parsed = fileAndOptions(
                arguments, command: "android", options: ["--host"], flags: ["--advanced"])
        else { return 2 }
        guard let hosts = parsed.values["--host"] else { return usageError("android needs --host HOST") }
        guard let manifest = manifest(at: parsed.file) else { return 1 }
        let filter = AndroidIntentFilter(
            manifest: manifest, hosts: hosts,
            syntax: parsed.flags.contains("--advanced") ? .pathAdvancedPattern : .pathPattern)
        let document = filter.xmlString()
        out(document.hasSuffix("\n") ? String(document.dropLast()) : document)
        for note in filter.approximations { err("note: \(note)") }
        return 0
    }

    private func diff(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2 else {
            return usageError("diff takes two manifest files, the older first")
        }
        guard let old = manifest(at: arguments[0]), let new = manifest(at: arguments[1]) else { return 1 }
        let changes = new.changes(since: old)
        let breaking = changes.filter(\.isBreaking)
        for change in changes { out((change.isBreaking ? "breaking: " : "") + change.description) }
        out(
            changes.isEmpty
                ? "no change"
                : "\(changes.count) change\(changes.count == 1 ? "" : "s"), \(breaking.count) breaking links in the wild"
        )
        return breaking.isEmpty ? 0 : 1
    }
}

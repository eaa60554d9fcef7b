import DispatchKit
import Foundation

// The commands that generate the platforms' universal-link files: aasa and android.
extension ManifestTool {
    /// The file, then each option's values: `aasa m.json --app-id A --app-id B --domain d`.
    func fileAndOptions(
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

    func appSiteAssociation(_ arguments: [String]) -> Int32 {
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

    func androidIntentFilter(_ arguments: [String]) -> Int32 {
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

}

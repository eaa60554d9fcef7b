import DispatchKit
import Foundation

// The commands that check documents: validate, diff and check-rules.
extension ManifestTool {
    func validate(_ arguments: [String]) -> Int32 {
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

    func checkRules(_ arguments: [String]) -> Int32 {
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

    func diff(_ arguments: [String]) -> Int32 {
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

import DispatchKit
import DispatchKitManifest
import DispatchKitRules
import Foundation

// The commands that check documents: validate, diff and check-rules.
extension ManifestTool {
    func validate(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let path = arguments.first, path == "-" || !path.hasPrefix("-") else {
            return usageError(
                arguments.first { $0.hasPrefix("-") && $0 != "-" }.map {
                    "unknown option \"\($0)\" for validate"
                }
                    ?? "validate takes one manifest file")
        }
        guard let manifest = manifest(at: path) else { return 1 }
        let routes = manifest.routes.count
        let custom = manifest.customClaimants.count
        out(
            "\(name(of: path)): valid, schema version \(manifest.schemaVersion), "
                + Prose.counted(routes, "route")
                + (custom == 0 ? "" : ", " + Prose.counted(custom, "custom claimant")))
        return 0
    }

    func checkRules(_ arguments: [String]) -> Int32 {
        if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            return usageError("unknown option \"\(option)\" for check-rules")
        }
        guard arguments.count == 2 else {
            return usageError("check-rules takes a rules file and a manifest file")
        }
        let (rulesPath, manifestPath) = (arguments[0], arguments[1])
        guard let rulesData = read(rulesPath), let manifestData = read(manifestPath) else { return 1 }
        let rules: RedirectRules
        do {
            rules = try RedirectRules(json: rulesData)
        } catch {
            guard DocumentKind(rulesData) == .manifest else {
                err("error: \(name(of: rulesPath)): \(error)")
                return 1
            }
            let other =
                DocumentKind(manifestData) == .rules ? " and \(name(of: manifestPath)) a rules document" : ""
            err(
                "error: \(name(of: rulesPath)) looks like a route manifest\(other): the arguments may be "
                    + "swapped (usage: check-rules RULES MANIFEST)")
            return 2
        }
        guard let manifest = manifest(from: manifestData, at: manifestPath) else { return 1 }
        let diagnostics = rules.diagnostics(against: manifest)
        for diagnostic in diagnostics { out("\(name(of: rulesPath)): \(diagnostic)") }
        let problems = diagnostics.filter(\.isProblem).count
        let retired = diagnostics.count - problems
        let count = rules.rules.count
        out(
            "\(name(of: rulesPath)): \(Prose.counted(count, "rule")), "
                + (problems == 0 ? "no problem found" : Prose.counted(problems, "problem"))
                + (retired == 0
                    ? "" : " (\(retired) \(Prose.agreeing(with: retired, "maps", "map")) retired links)"))
        return problems == 0 ? 0 : 1
    }

    func diff(_ arguments: [String]) -> Int32 {
        var files: [String] = []
        var accepted: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--accept-widening":
                guard let activity = rest.popFirst(), !activity.hasPrefix("-") else {
                    return usageError("--accept-widening needs an activity's module-qualified name")
                }
                if accepted.contains(activity) {
                    return usageError("--accept-widening \"\(activity)\" is given twice")
                }
                accepted.append(activity)
            case _ where argument.hasPrefix("-") && argument != "-":
                return usageError("unknown option \"\(argument)\" for diff")
            default:
                files.append(argument)
            }
        }
        guard files.count == 2 else {
            return usageError("diff takes two manifest files, the older first")
        }
        guard let old = manifest(at: files[0]), let new = manifest(at: files[1]) else { return 1 }
        let changes = new.changes(since: old)
        for change in changes {
            let prefix: String
            if change.isBreaking {
                prefix = "breaking: "
            } else if change.widensExposure {
                prefix = accepted.contains(change.activity) ? "accepted widening: " : "widening: "
            } else {
                prefix = ""
            }
            out(prefix + change.description)
        }
        let widened = Set(changes.filter(\.widensExposure).map(\.activity))
        for activity in accepted where !widened.contains(activity) {
            err("note: --accept-widening \(activity): no exposure of \(activity) widened in this diff")
        }
        out(Self.summary(of: changes, accepted: accepted))
        let unaccepted = changes.filter { $0.widensExposure && !accepted.contains($0.activity) }
        return changes.contains(where: \.isBreaking) || !unaccepted.isEmpty ? 1 : 0
    }

    /// `no change`, or `4 changes, 2 breaking links in the wild, 1 widened exposure to review`.
    static func summary(of changes: [RouteChange], accepted: [String]) -> String {
        guard !changes.isEmpty else { return "no change" }
        let breaking = changes.filter(\.isBreaking).count
        var summary =
            "\(Prose.counted(changes.count, "change")), \(breaking) breaking links in the wild"
        let widenings = changes.filter(\.widensExposure)
        guard !widenings.isEmpty else { return summary }
        let acceptedCount = widenings.filter { accepted.contains($0.activity) }.count
        let toReview = widenings.count - acceptedCount
        summary += ", " + Prose.counted(widenings.count, "widened exposure")
        switch (acceptedCount, toReview) {
        case (0, _): summary += " to review"
        case (_, 0): summary += " accepted"
        default: summary += ": \(acceptedCount) accepted, \(toReview) to review"
        }
        return summary
    }
}

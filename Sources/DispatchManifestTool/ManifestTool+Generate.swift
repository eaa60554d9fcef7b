import DispatchKit
import DispatchKitManifest
import Foundation

// The commands that generate the platforms' universal-link files: aasa, android and assetlinks.
extension ManifestTool {
    /// The file, then each option's values: `aasa m.json --app-id A --app-id B --domain d`. A flag
    /// given twice is bad usage, as a value given twice is (the generators refuse those).
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
                guard seen.insert(option).inserted else {
                    _ = usageError("\(option) is given twice")
                    return nil
                }
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
        // Checked before the manifest is read: a mistyped option is bad usage whatever the file holds.
        let checked: (appIDs: [String], domains: [LinkDomain])
        do throws(LinkFileError) {
            checked = (
                try AppSiteAssociation.checkedAppIDs(appIDs), try LinkDomain.domains(domains, as: .domain)
            )
        } catch {
            return usageError(Self.message(for: error))
        }
        guard let manifest = manifest(at: parsed.file) else { return 1 }
        let association = AppSiteAssociation(
            manifest: manifest, appIDs: checked.appIDs, linkDomains: checked.domains)
        let document = association.jsonString()
        out(document.hasSuffix("\n") ? String(document.dropLast()) : document)
        for note in association.approximations { err("note: \(note)") }
        let empty = warnIfEmpty(association.claimsNothing, hosts: domains, manifest: manifest)
        return max(empty, warnIfTooLarge(document))
    }

    func androidIntentFilter(_ arguments: [String]) -> Int32 {
        guard
            let parsed = fileAndOptions(
                arguments, command: "android", options: ["--host", "--scheme"], flags: ["--advanced"])
        else { return 2 }
        let hosts = parsed.values["--host"] ?? []
        let schemes = parsed.values["--scheme"] ?? []
        guard !hosts.isEmpty || !schemes.isEmpty else {
            return usageError("android needs --host HOST or --scheme SCHEME")
        }
        let syntax: AndroidIntentFilter.Syntax =
            parsed.flags.contains("--advanced") ? .pathAdvancedPattern : .pathPattern
        let checked: (domains: [LinkDomain], schemes: [String])
        do throws(LinkFileError) {
            checked = (
                hosts.isEmpty ? [] : try LinkDomain.domains(hosts, as: .host),
                try AndroidIntentFilter.checkedSchemes(schemes)
            )
        } catch {
            return usageError(Self.message(for: error))
        }
        guard let manifest = manifest(at: parsed.file) else { return 1 }
        let filter = AndroidIntentFilter(
            manifest: manifest, domains: checked.domains, schemes: checked.schemes, syntax: syntax)
        let document = filter.xmlString()
        if !document.isEmpty { out(document.hasSuffix("\n") ? String(document.dropLast()) : document) }
        for note in filter.approximations { err("note: \(note)") }
        var status: Int32 = 0
        if filter.partsClaimingNothing.contains("https") {
            status = warnIfEmpty(true, hosts: hosts, manifest: manifest)
        }
        for scheme in filter.partsClaimingNothing where scheme != "https" {
            // The routes of a scheme are those other apps reach whose pattern names it or none.
            err(
                "warning: the \(scheme): filters open no link in the app: no route exposed to other apps "
                    + "matches \(scheme): URLs")
            status = 1
        }
        return status
    }

    /// `assetlinks m.json --package A --fingerprint F1 --fingerprint F2 --package B --fingerprint F1`:
    /// each fingerprint belongs to the package before it, so the options are read in order rather
    /// than by ``fileAndOptions(_:command:options:flags:)``.
    func assetLinks(_ arguments: [String]) -> Int32 {
        guard let file = arguments.first, !file.hasPrefix("--") else {
            return usageError("assetlinks takes a manifest file first")
        }
        var packages: [(name: String, fingerprints: [String])] = []
        var rest = arguments.dropFirst()
        while let option = rest.popFirst() {
            guard option == "--package" || option == "--fingerprint" else {
                return usageError("unknown argument \"\(option)\" for assetlinks")
            }
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                return usageError("\(option) needs a value")
            }
            if option == "--package" {
                packages.append((value, []))
            } else if packages.isEmpty {
                return usageError(
                    "--fingerprint \"\(value)\" comes before any --package: each fingerprint belongs to "
                        + "the --package before it")
            } else {
                packages[packages.count - 1].fingerprints.append(value)
            }
        }
        // Checked before the manifest is read: a mistyped option is bad usage whatever the file holds.
        let links: AssetLinks
        do throws(LinkFileError) {
            var apps: [AssetLinks.App] = []
            for package in packages {
                apps.append(try AssetLinks.App(packageName: package.name, fingerprints: package.fingerprints))
            }
            links = try AssetLinks(apps: apps)
        } catch {
            return usageError(Self.message(for: error))
        }
        guard let manifest = manifest(at: file) else { return 1 }
        let document = links.jsonString()
        out(document.hasSuffix("\n") ? String(document.dropLast()) : document)
        // The file names no path, so it is valid whatever the routes; but with no route for App
        // Links the app has no verified filter, and Android never reads it.
        guard !manifest.routes.contains(where: \.exposure.admitsUniversalLinks) else { return 0 }
        err(
            "warning: the file verifies nothing: no route is exposed to universal links, so the app has "
                + "no App Links filter for Android to verify")
        return 1
    }

    /// A file that opens no link is almost always a mistake (no route exposed to universal links,
    /// or none on these hosts): say so, and exit 1 so that a script notices.
    private func warnIfEmpty(_ claimsNothing: Bool, hosts: [String], manifest: RouteManifest) -> Int32 {
        guard claimsNothing else { return 0 }
        let exposed = manifest.routes.filter(\.exposure.admitsUniversalLinks).count
        let reason =
            exposed == 0
            ? "no route is exposed to universal links"
            : "none of the \(Prose.counted(exposed, "route")) exposed to universal links matches https "
                + "URLs on \(hosts.joined(separator: ", "))"
        err("warning: the file opens no link in the app: \(reason)")
        return 1
    }

    /// A file larger than iOS reads is ignored whole: say so, and exit 1 so that a script notices.
    private func warnIfTooLarge(_ document: String) -> Int32 {
        let size = document.utf8.count
        guard size > AppSiteAssociation.maximumFileSize else { return 0 }
        err(
            "warning: the file is \(size) bytes, more than the \(AppSiteAssociation.maximumFileSize / 1024) KB "
                + "iOS reads: iOS ignores it, and it opens no link in the app")
        return 1
    }

    /// The error in the options' words: `--host "https://test.com": a URL, not a host name …`.
    static func message(for error: LinkFileError) -> String {
        switch error {
        case .invalidAppID(let value, let problem): return "--app-id \"\(value)\": \(problem)"
        case .invalidDomain(let value, let problem): return "--domain \"\(value)\": \(problem)"
        case .invalidHost(let value, let problem): return "--host \"\(value)\": \(problem)"
        case .repeatedAppID(let value): return "--app-id \"\(value)\" is given twice"
        case .repeatedDomain(let value): return "--domain \"\(value)\" is given twice"
        case .repeatedHost(let value): return "--host \"\(value)\" is given twice"
        case .invalidPackageName(let value, let problem): return "--package \"\(value)\": \(problem)"
        case .invalidFingerprint(let value, let problem): return "--fingerprint \"\(value)\": \(problem)"
        case .repeatedPackageName(let value): return "--package \"\(value)\" is given twice"
        case .repeatedFingerprint(let value, let packageName):
            return "--fingerprint \"\(value)\" is given twice for --package \(packageName)"
        case .noFingerprint(let packageName):
            return "--package \(packageName) has no --fingerprint: each app needs the fingerprint of the "
                + "certificate it is signed with"
        case .invalidScheme(let value, let problem): return "--scheme \"\(value)\": \(problem)"
        case .repeatedScheme(let value): return "--scheme \"\(value)\" is given twice"
        case .noAppID, .noDomain, .noHost, .noHostOrScheme: return "\(error)"
        case .noPackageName: return "assetlinks needs --package NAME and --fingerprint SHA256"
        }
    }
}

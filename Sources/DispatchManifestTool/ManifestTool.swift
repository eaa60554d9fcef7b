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
                                       DOMAIN (test.com, or *.test.com; both options
                                       repeatable); notes on what the format cannot express go
                                       to standard error; exit 1 if the file opens nothing
          android MANIFEST --host HOST [--advanced]
                                       the <intent-filter> elements for App Links on HOST
                                       (--host repeatable; --advanced writes pathAdvancedPattern,
                                       exact but for minSdk 31 and later); notes go to
                                       standard error; exit 1 if the file opens nothing

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

    func usageError(_ message: String) -> Int32 {
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
}

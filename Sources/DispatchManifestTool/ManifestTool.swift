import DispatchKit
import Foundation

/// The release of DispatchKit this tool belongs to, which `--version` prints.
let dispatchKitVersion = "0.1.0"

/// The command-line tool: parses the arguments, runs one command, and returns the exit status —
/// 0 on success, 1 when a check finds problems or a file cannot be used, 2 for bad usage.
struct ManifestTool {
    /// A command: its name and what `dispatch-manifest COMMAND --help` prints.
    struct Command {
        let name: String
        let usage: String
    }

    static let commands = [
        Command(
            name: "validate",
            usage: """
                usage: dispatch-manifest validate MANIFEST

                Checks a route manifest (center.routeManifest(), `SampleApp --export manifest`) and
                prints its schema version and route count.

                Exit status: 0 if the manifest is valid, 1 if it is not or cannot be read, 2 for bad
                usage.
                """),
        Command(
            name: "diff",
            usage: """
                usage: dispatch-manifest diff OLD NEW [--accept-widening ACTIVITY]...

                What changed from the release whose manifest is OLD to the one whose manifest is NEW,
                for the links of OLD: one line per change, then a summary line.
                  breaking:   a route removed or retargeted, a parameter or an exposure narrowed:
                              links in the wild stop working
                  widening:   an activity admits sources it refused (universal links, other apps):
                              links from outside now reach it. It fails the check until accepted
                              with --accept-widening ACTIVITY (the module-qualified name, as
                              printed; repeatable), once someone has checked that it is safe
                  (no prefix) a class moved to another module, a route added: nothing to do

                Exit status: 0 if nothing breaks and every widening is accepted, 1 otherwise or if a
                file cannot be used, 2 for bad usage.
                """),
        Command(
            name: "check-rules",
            usage: """
                usage: dispatch-manifest check-rules RULES MANIFEST

                Checks a redirect rules document against the routes of a manifest, offline: dead
                patterns, dangling or internal-only targets, loops. A rule marked "retired": true
                maps links the app no longer claims on purpose: its dead pattern is reported as
                intended, not as a problem (a route that still matches it is one). Ends with a
                summary line.

                Exit status: 0 if no problem is found, 1 if one is or a file cannot be used, 2 for
                bad usage.
                """),
        Command(
            name: "aasa",
            usage: """
                usage: dispatch-manifest aasa MANIFEST --app-id ID --domain DOMAIN

                The applinks section of apple-app-site-association for DOMAIN, for the routes
                exposed to universal links (--app-id repeatable: TEAMID.BUNDLE-ID). Notes on what
                the format cannot express go to standard error.

                Exit status: 0 on success, 1 if the manifest cannot be used, 2 for bad usage.
                """),
        Command(
            name: "android",
            usage: """
                usage: dispatch-manifest android MANIFEST --host HOST [--advanced]

                The <intent-filter> elements for App Links on HOST (--host repeatable), for the
                routes exposed to universal links. --advanced writes pathAdvancedPattern, exact but
                for minSdk 31 and later. Notes go to standard error.

                Exit status: 0 on success, 1 if the manifest cannot be used, 2 for bad usage.
                """),
    ]

    static let usage = """
        usage: dispatch-manifest COMMAND [ARGUMENTS]
               dispatch-manifest COMMAND --help
               dispatch-manifest --version

        Checks and converts the route manifests DispatchKit apps export
        (center.routeManifest(), or `SampleApp --export manifest`). A file may be - for standard
        input.

        Commands:
          validate MANIFEST            check a manifest document; prints its route count
          diff OLD NEW                 what changed from OLD to NEW; exit 1 if a change breaks
                                       links in the wild (a route removed or retargeted, a
                                       parameter or an exposure narrowed) or widens an exposure
                                       not accepted with --accept-widening ACTIVITY
          check-rules RULES MANIFEST   check a redirect rules document against a manifest: dead
                                       patterns (unless the rule says "retired": true), dangling
                                       or internal-only targets, loops; exit 1 if any
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
    /// Standard input, read whole: the file `-`.
    var input: () -> Data = { (try? FileHandle.standardInput.readToEnd()) ?? Data() }

    func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            err(Self.usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help":
            out(Self.usage)
            return 0
        case "help":
            guard let name = rest.first else {
                out(Self.usage)
                return 0
            }
            guard let command = Self.commands.first(where: { $0.name == name }) else {
                return usageError("unknown command \"\(name)\"")
            }
            out(command.usage)
            return 0
        case "--version":
            out("dispatch-manifest \(dispatchKitVersion)")
            return 0
        default:
            break
        }
        guard let usage = Self.commands.first(where: { $0.name == command })?.usage else {
            return usageError("unknown command \"\(command)\"")
        }
        // `COMMAND --help` anywhere after the command: its usage, never a file named --help.
        if rest.contains("--help") || rest.contains("-h") {
            out(usage)
            return 0
        }
        if rest.filter({ $0 == "-" }).count > 1 {
            return usageError("standard input (-) can be read only once")
        }
        switch command {
        case "validate": return validate(rest)
        case "check-rules": return checkRules(rest)
        case "diff": return diff(rest)
        case "aasa": return appSiteAssociation(rest)
        default: return androidIntentFilter(rest)
        }
    }

    func usageError(_ message: String) -> Int32 {
        err("error: \(message) (see --help)")
        return 2
    }

    /// How messages name a file: its path, or `standard input` for `-`.
    func name(of path: String) -> String {
        path == "-" ? "standard input" : path
    }

    /// Reads and checks a manifest file; on failure says why, naming the file and the entry.
    func manifest(at path: String) -> RouteManifest? {
        guard let data = read(path) else { return nil }
        return manifest(from: data, at: path)
    }

    /// Checks a manifest read from `path`; on failure says why, in one line.
    func manifest(from data: Data, at path: String) -> RouteManifest? {
        do {
            return try RouteManifest(json: data)
        } catch {
            if DocumentKind(data) == .rules {
                err(
                    "error: \(name(of: path)): this is a redirect rules document, not a route manifest "
                        + "(check-rules RULES MANIFEST reads it)")
            } else {
                err("error: \(name(of: path)): \(error)")
            }
            return nil
        }
    }

    /// The bytes of a file, or of standard input for `-`; on failure says why, in one line.
    func read(_ path: String) -> Data? {
        if path == "-" { return input() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            err("error: \(path): no such file")
            return nil
        }
        if isDirectory.boolValue {
            err("error: \(path): is a directory, not a file")
            return nil
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason =
                FileManager.default.isReadableFile(atPath: path)
                ? error.localizedDescription : "permission denied"
            err("error: \(path): cannot be read: \(reason)")
            return nil
        }
    }
}

/// Which of the tool's documents a JSON text looks like, to say so when a command is given the
/// other one (`check-rules manifest.json rules.json`).
enum DocumentKind {
    case manifest
    case rules

    /// `nil` when the text is neither: not a JSON object, or one with neither document's fields.
    init?(_ data: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return nil
        }
        if object["rules"] != nil, object["routes"] == nil, object["schemaVersion"] == nil {
            self = .rules
        } else if object["schemaVersion"] != nil || object["routes"] != nil
            || object["customClaimants"] != nil
        {
            self = .manifest
        } else {
            return nil
        }
    }
}

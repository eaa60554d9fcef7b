import DispatchKit
import DispatchKitManifest
import Foundation

/// The version of DispatchKit this tool belongs to, which `--version` prints: the last release that
/// `CHANGELOG.md` names while its `[Unreleased]` section is empty, else the release that follows it
/// as a pre-release, `-dev` (the build is ahead of the last release). A test checks the rule;
/// CONTRIBUTING.md, "Releases", says how a release changes it.
let dispatchKitVersion = "0.8.0-dev"

/// The command-line tool: parses the arguments, runs one command, and returns the exit status —
/// 0 on success, 1 when a check finds problems or a file cannot be used, 2 for bad usage.
struct ManifestTool {
    /// A command: its name, its arguments, and what it does and when it fails, from which both
    /// `dispatch-manifest COMMAND --help` and the command list of `dispatch-manifest --help` are
    /// made, so that the two cannot say different things.
    struct Command {
        let name: String
        /// What follows the name: `OLD NEW [--accept-widening ACTIVITY]...`.
        let arguments: String
        /// What it does, in a phrase, for the command list.
        let summary: String
        /// What it does, in full, for its own usage (written wrapped).
        let details: String
        /// When it exits 0 and when 1 (2 is always bad usage): `the manifest is valid`.
        let succeeds: String
        let fails: String

        /// What `dispatch-manifest COMMAND --help` prints.
        var usage: String {
            """
            usage: dispatch-manifest \(name) \(arguments)

            \(details)

            \(ManifestTool.wrapped(
                "Exit status: 0 if \(succeeds), 1 if \(fails), 2 for bad usage.", width: 92, indent: ""))
            """
        }

        /// The entry of the command list: its usage line, then what it does and when it fails.
        var entry: String {
            "  \(name) \(arguments)\n"
                + ManifestTool.wrapped("\(summary); exit 1 if \(fails)", width: 92, indent: "      ")
        }
    }

    static let commands = [
        Command(
            name: "validate", arguments: "MANIFEST",
            summary: "check a manifest document and print its route count",
            details: """
                Checks a route manifest (center.routeManifest(), `SampleApp --export manifest`) and
                prints its schema version and route count.
                """,
            succeeds: "the manifest is valid", fails: "it is not valid or cannot be read"),
        Command(
            name: "diff", arguments: "OLD NEW [--accept-widening ACTIVITY]...",
            summary: "what changed from the release whose manifest is OLD to the one whose manifest is NEW",
            details: """
                What changed from the release whose manifest is OLD to the one whose manifest is NEW,
                for the links of OLD: one line per change, then a summary line.
                  breaking:   a route removed or retargeted, a parameter or an exposure narrowed, a
                              typed link's key narrowed (Int to Int16, an enum case removed) or
                              newly required, a link of OLD that NEW's keys do not decode: links in
                              the wild stop working
                  widening:   an activity admits sources it refused (universal links, other apps):
                              links from outside now reach it. It fails the check until accepted
                              with --accept-widening ACTIVITY (the module-qualified name, as
                              printed; repeatable), once someone has checked that it is safe
                  (no prefix) a class moved to another module, a route added, a typed link's key
                              removed or widened: nothing to do
                """,
            succeeds: "nothing breaks and every widening is accepted",
            fails: "a change breaks links in the wild (a route removed or retargeted, a parameter, an "
                + "exposure or a typed link's key narrowed, a key newly required, a link that no longer "
                + "decodes) or widens an exposure not accepted with --accept-widening, or a file cannot be "
                + "used"),
        Command(
            name: "check-rules", arguments: "RULES MANIFEST",
            summary: "check a redirect rules document against the routes of a manifest, offline: dead "
                + "patterns (unless the rule says \"retired\": true), dangling or internal-only targets, loops",
            details: """
                Checks a redirect rules document against the routes of a manifest, offline: dead
                patterns, dangling or internal-only targets, loops. A rule marked "retired": true
                maps links the app no longer claims on purpose: its dead pattern is reported as
                intended, not as a problem (a route that still matches it is one). Ends with a
                summary line.
                """,
            succeeds: "no problem is found", fails: "a problem is found or a file cannot be used"),
        Command(
            name: "aasa", arguments: "MANIFEST --app-id ID --domain DOMAIN",
            summary: "the applinks section of apple-app-site-association for DOMAIN (test.com, or "
                + "*.test.com; both options repeatable); notes on what the format cannot express go to "
                + "standard error",
            details: """
                The applinks section of apple-app-site-association for DOMAIN, for the routes
                exposed to universal links (--app-id repeatable: TEAMID.BUNDLE-ID). Notes on what
                the format cannot express go to standard error, and so does a warning when the file
                opens no link in the app, or is larger than the 128 KB iOS reads.
                """,
            succeeds: "the file is written",
            fails: "the manifest cannot be used or the file opens no link in the app (no route exposed to "
                + "universal links matches https URLs on the domains, or the file is larger than the 128 KB "
                + "iOS reads)"),
        Command(
            name: "android", arguments: "MANIFEST --host HOST [--scheme SCHEME] [--advanced]",
            summary: "the <intent-filter> elements for App Links on HOST and for links of the app's own "
                + "SCHEME (cono; --host and --scheme repeatable, either may be left out; --advanced writes "
                + "pathAdvancedPattern, exact but for minSdk 31 and later); notes go to standard error",
            details: """
                The <intent-filter> elements for App Links on HOST (--host repeatable), for the
                routes exposed to universal links, and for links of the app's own SCHEME (--scheme
                cono, repeatable; without autoVerify, which only https links take), for the routes
                exposed to other apps whose pattern names that scheme or none. Either option may be
                left out, not both. --advanced writes pathAdvancedPattern, exact but for minSdk 31
                and later. Notes go to standard error, and so does a warning when the filters (of
                the App Links or of a scheme) open no link in the app.
                """,
            succeeds: "the filters are written",
            fails: "the manifest cannot be used or the filters open no link in the app (no route exposed "
                + "to universal links matches https URLs on the hosts, or none exposed to other apps "
                + "matches a scheme's URLs)"),
        Command(
            name: "assetlinks", arguments: "MANIFEST --package NAME --fingerprint SHA256",
            summary: "/.well-known/assetlinks.json, which lets Android verify the App Links of the app NAME "
                + "signed with the certificate SHA256 (both repeatable: each --fingerprint belongs to the "
                + "--package before it)",
            details: """
                The /.well-known/assetlinks.json file to serve on each host of the App Links (the
                hosts of `android`), which lets Android verify them for the app NAME (its package
                name, such as com.example.shop) signed with the certificate whose SHA-256
                fingerprint is SHA256 (32 hexadecimal bytes separated by colons, as keytool and the
                Play Console print it). Both options are repeatable: each --fingerprint belongs to
                the --package before it. The manifest says whether there is anything to verify: a
                warning goes to standard error when no route is exposed to universal links.
                """,
            succeeds: "the file is written",
            fails: "the manifest cannot be used or the file verifies nothing (no route is exposed to "
                + "universal links, so the app has no App Links filter for Android to verify)"),
    ]

    /// What `dispatch-manifest --help` prints; the command list is made from ``commands``.
    static let usage = """
        usage: dispatch-manifest COMMAND [ARGUMENTS]
               dispatch-manifest COMMAND --help
               dispatch-manifest --version

        Checks and converts the route manifests DispatchKit apps export
        (center.routeManifest(), or `SampleApp --export manifest`). A file may be - for standard
        input.

        Commands:
        \(commands.map(\.entry).joined(separator: "\n"))

        Exit status: 0 on success, 1 when a check finds problems or a file cannot be used,
        2 for bad usage.
        """

    /// `text` in lines of at most `width` characters (a longer word has a line of its own), each
    /// after `indent`.
    static func wrapped(_ text: String, width: Int, indent: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines.joined(separator: "\n")
    }

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
            // `-h` is `--help`: either one after it is the option given twice.
            if let again = rest.first(where: Self.isHelp) { return usageError("\(again) is given twice") }
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
            // Every option given twice is bad usage, this one too; it takes nothing after it.
            if let extra = rest.first {
                return usageError(
                    extra == "--version"
                        ? "--version is given twice" : "--version takes no argument, not \"\(extra)\"")
            }
            out("dispatch-manifest \(dispatchKitVersion)")
            return 0
        default:
            break
        }
        guard let usage = Self.commands.first(where: { $0.name == command })?.usage else {
            return usageError("unknown command \"\(command)\"")
        }
        // `COMMAND --help` anywhere after the command: its usage, never a file named --help. Given
        // twice, it is bad usage, as every other option is.
        let helps = rest.filter(Self.isHelp)
        if helps.count > 1 { return usageError("\(helps[1]) is given twice") }
        if !helps.isEmpty {
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
        case "assetlinks": return assetLinks(rest)
        default: return androidIntentFilter(rest)
        }
    }

    /// `--help`, or its short form `-h`.
    static func isHelp(_ argument: String) -> Bool { argument == "--help" || argument == "-h" }

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

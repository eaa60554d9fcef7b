import DispatchKit

extension AppSiteAssociation {
    /// Checks the app IDs of a file: each `TEAMID.bundle.id` (the application identifier prefix, then
    /// the bundle ID), none repeated, at least one.
    ///
    /// Facts relied on: applinks.Details (developer.apple.com/documentation/bundleresources/applinks/
    /// details-swift.dictionary) writes an app ID `<Application Identifier Prefix>.<Bundle
    /// Identifier>`; the prefix (the team ID) is 10 uppercase letters or digits; a bundle ID
    /// (CFBundleIdentifier) holds only letters, digits, hyphens and periods.
    ///
    /// What ``init(for:appIDs:domains:)`` checks first, for a caller (the command-line tool) that
    /// checks its options before it reads the manifest.
    ///
    /// - Throws: ``LinkFileError``.
    package static func checkedAppIDs(_ texts: [String]) throws(LinkFileError) -> [String] {
        guard !texts.isEmpty else { throw .noAppID }
        var seen: Set<String> = []
        for text in texts {
            try checkAppID(text)
            guard seen.insert(text).inserted else { throw .repeatedAppID(text) }
        }
        return texts
    }

    private static func checkAppID(_ text: String) throws(LinkFileError) {
        func invalid(_ problem: String) -> LinkFileError { .invalidAppID(text, problem: problem) }
        let shape = "TEAMID.bundle.id (ABCDE12345.com.example.app)"
        guard let dot = text.firstIndex(of: ".") else { throw invalid("not \(shape)") }
        let team = text[..<dot]
        let bundle = text[text.index(after: dot)...]
        let isTeamCharacter: (UInt8) -> Bool = { byte in
            byte.isASCIIDigit || (byte.isASCIILetter && byte & 0x20 == 0)
        }
        guard team.utf8.count == 10, team.utf8.allSatisfy(isTeamCharacter) else {
            throw invalid(
                "not \(shape): the team ID \"\(team)\" is not 10 uppercase letters or digits")
        }
        let isBundleCharacter: (UInt8) -> Bool = { byte in
            byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "-")
        }
        guard !bundle.isEmpty,
            bundle.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ part in
                !part.isEmpty && part.utf8.allSatisfy(isBundleCharacter)
            })
        else {
            throw invalid(
                "not \(shape): the bundle ID \"\(bundle)\" is not letters, digits and hyphens in parts "
                    + "separated by dots")
        }
    }
}

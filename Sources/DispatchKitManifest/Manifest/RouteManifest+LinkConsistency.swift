import DispatchKit

// What a document's typed-link fields must agree on, checked when it is read: a comparison of two
// releases takes each key as the document says it, so a document that says two things of one key
// would be compared as both (a key narrowed and widened at once), or as neither.

extension RouteManifest.Route {
    /// Checks that the route's typed-link fields say one thing of each key: they describe a link
    /// the route has; each key is read from one place (a parameter, the `*`, or the query), once;
    /// `cases` lists the raw values of a type that can have them; `isOptionalInLink` describes a
    /// path parameter with a Swift type, and says that an array may be empty.
    ///
    /// - Parameter path: Where the route is in the document: `routes[3]`.
    /// - Throws: ``RouteManifestError`` at the field that contradicts another, naming the key.
    func checkLinkKeys(at path: String) throws(RouteManifestError) {
        func inconsistent(_ place: String, _ reason: String) -> RouteManifestError {
            RouteManifestError(path: path + place, problem: .inconsistent(reason))
        }
        guard link != nil else {
            if query != nil || wildcardKey != nil || parameters.contains(where: { $0.swiftType != nil }) {
                throw inconsistent(
                    "", "query, wildcardKey and swiftType describe a typed link, and the route has no link")
            }
            if linkCase != nil {
                throw inconsistent(
                    ".linkCase", "linkCase names a case of a module link, and the route has no link")
            }
            return
        }
        for (number, parameter) in parameters.enumerated() {
            let place = ".parameters[\(number)]"
            guard let swiftType = parameter.swiftType else {
                if parameter.isOptionalInLink != nil || parameter.cases != nil {
                    throw inconsistent(
                        place,
                        "isOptionalInLink and cases describe the link's property \(parameter.name), and the "
                            + "parameter has no swiftType")
                }
                continue
            }
            if parameter.isHost, parameter.isOptionalInLink != nil {
                throw inconsistent(
                    place + ".isOptionalInLink",
                    "every URL of \(pattern) has a host: whether the link may lack the host parameter "
                        + "\(parameter.name) does not apply")
            }
            if parameter.isOptionalInLink == false, LinkValueKind.isRepeated(swiftType) {
                throw inconsistent(
                    place + ".isOptionalInLink",
                    "the key \(parameter.name) is \(RouteChange.LinkKey.withArticle(swiftType)), which is "
                        + "empty when a URL lacks it: it cannot be required")
            }
            if let problem = Self.casesProblem(parameter.cases, of: parameter.name, swiftType: swiftType) {
                throw inconsistent(place + ".cases", problem)
            }
        }
        if let wildcardKey {
            guard wildcard else {
                throw inconsistent(
                    ".wildcardKey", "the pattern \(pattern) does not end with *: the link has no rest of path"
                )
            }
            if parameters.contains(where: { $0.name == LinkSource.wildcardKey }) {
                throw inconsistent(
                    ".wildcardKey",
                    "the link reads the parameter wildcard of \(pattern), not the rest of the path")
            }
            if let problem = Self.casesProblem(
                wildcardKey.cases, of: LinkSource.wildcardKey, swiftType: wildcardKey.swiftType)
            {
                throw inconsistent(".wildcardKey.cases", problem)
            }
        }
        var listed: [String: Int] = [:]
        for (number, key) in (query ?? []).enumerated() {
            let place = ".query[\(number)]"
            if let first = listed[key.name] {
                throw inconsistent(
                    place + ".name",
                    "the key \(key.name) is listed twice, in query[\(first)] and query[\(number)]")
            }
            listed[key.name] = number
            if parameters.contains(where: { $0.name == key.name }) {
                throw inconsistent(
                    place + ".name",
                    "\(key.name) is a parameter of \(pattern): the link reads it from the URL's "
                        + "\(parameters.first { $0.name == key.name }?.isHost == true ? "host" : "path"), "
                        + "not from the query")
            }
            if wildcard, key.name == LinkSource.wildcardKey {
                throw inconsistent(
                    place + ".name",
                    "the pattern \(pattern) ends with *: the link reads wildcard from the rest of the path "
                        + "(wildcardKey), not from the query")
            }
            if !key.isOptional, LinkValueKind.isRepeated(key.swiftType) {
                throw inconsistent(
                    place + ".isOptional",
                    "the key \(key.name) is \(RouteChange.LinkKey.withArticle(key.swiftType)), which is "
                        + "empty when a URL lacks it: it cannot be required")
            }
            if let problem = Self.casesProblem(key.cases, of: key.name, swiftType: key.swiftType) {
                throw inconsistent(place + ".cases", problem)
            }
        }
    }

    /// What is wrong with `cases` as the raw values of the key `name` of type `swiftType`: a type
    /// of the decoding table has none (its texts are its own rules'), an enum has at least one, and
    /// each once. `nil` when nothing is.
    private static func casesProblem(_ cases: [String]?, of name: String, swiftType: String) -> String? {
        guard let cases else { return nil }
        let element = LinkValueKind.elementType(of: swiftType)
        if LinkBuiltInType(typeName: element) != nil {
            return "cases lists an enum's raw values, and the key \(name) is "
                + RouteChange.LinkKey.withArticle(element)
        }
        if cases.isEmpty {
            return
                "the key \(name), \(RouteChange.LinkKey.withArticle(element)), lists no case: a link could "
                + "never carry it"
        }
        var seen: Set<String> = []
        if let twice = cases.first(where: { !seen.insert($0).inserted }) {
            return "the key \(name) lists the case \"\(twice)\" twice: raw values are unique"
        }
        return nil
    }
}

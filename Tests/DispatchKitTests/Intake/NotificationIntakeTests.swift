import DispatchKit
import DispatchKitEvents
import DispatchKitUI
import Foundation
import Testing

// Notifications: the link is read under the center's key path, from payloads as the system hands
// them over ([AnyHashable: Any]) or as code builds them (nested [String: Any]); every way a payload
// can fail is a typed IntakeError naming the key, and nothing runs.

private final class Orders: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/orders/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
}

/// Open to universal links only: exposure cannot say that (``DispatchExposure/external(applications:)``
/// admits notifications too), so an interceptor refuses every other source from outside.
private final class Campaign: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/campaign/:name"] }
    override class var exposure: DispatchExposure { .external(applications: []) }
}

@MainActor
private final class UniversalLinksOnly: DispatchInterceptor {
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        guard interception.activity == Campaign.self else { return .proceed }
        switch interception.request.source {
        case .app, .universalLink: return .proceed
        case .external, .notification: return .reject(reason: "universal links only")
        }
    }
}

private final class Fallback: IntakeTestActivity {
    override class var exposure: DispatchExposure { .external }
}

/// A payload that does not hold a usable link, and the refusal it must give.
///
/// The payloads are built in `payload` because `[AnyHashable: Any]` is not `Sendable`, which test
/// arguments must be.
enum IntakeBadPayload: String, CaseIterable, Sendable {
    case missingKey
    case missingIntermediate
    case missingUnderIntermediate
    case intermediateIsAString
    case intermediateIsAnInt
    case intermediateIsAnArray
    case linkIsAnInt
    case linkIsAnArray
    case linkIsADictionary
    case nestedLinkIsAnInt
    case emptyString
    case whitespaceOnly
    case nestedEmptyString
    case malformedEscape
    case notUTF8
    case encodedNUL
    case leadingSpace
    case overTheLengthLimit
    case overThePathLimit

    var key: NotificationLinkKey {
        switch self {
        case .missingIntermediate, .missingUnderIntermediate, .intermediateIsAString, .intermediateIsAnInt,
            .intermediateIsAnArray, .nestedLinkIsAnInt, .nestedEmptyString:
            return ["aps", "link"]
        default:
            return "url"
        }
    }

    var payload: [AnyHashable: Any] {
        switch self {
        case .missingKey: return ["link": "cono://test.com/orders/7", "aps": ["alert": "Shipped"]]
        case .missingIntermediate: return ["url": "cono://test.com/orders/7"]
        case .missingUnderIntermediate: return ["aps": ["alert": "Shipped"] as [String: Any]]
        case .intermediateIsAString: return ["aps": "Shipped"]
        case .intermediateIsAnInt: return ["aps": 7]
        case .intermediateIsAnArray: return ["aps": ["cono://test.com/orders/7"]]
        case .linkIsAnInt: return ["url": 42]
        case .linkIsAnArray: return ["url": ["cono://test.com/orders/7"]]
        case .linkIsADictionary: return ["url": ["href": "cono://test.com/orders/7"]]
        case .nestedLinkIsAnInt: return ["aps": ["link": 7] as [AnyHashable: Any]]
        case .emptyString: return ["url": ""]
        case .whitespaceOnly: return ["url": " \t\n\u{00A0}"]
        case .nestedEmptyString: return ["aps": ["link": ""] as [String: Any]]
        case .malformedEscape: return ["url": "cono://test.com/orders/%zz"]
        case .notUTF8: return ["url": "cono://test.com/orders/%FF"]
        case .encodedNUL: return ["url": "cono://test.com/orders/7%00"]
        case .leadingSpace: return ["url": " cono://test.com/orders/7"]
        case .overTheLengthLimit:
            return ["url": "cono://test.com/orders/" + String(repeating: "7", count: 40)]
        case .overThePathLimit: return ["url": "cono://test.com/orders/7/a/b"]
        }
    }

    var expected: IntakeError {
        switch self {
        case .missingKey, .missingIntermediate, .missingUnderIntermediate:
            return .missingLink(key: key)
        case .intermediateIsAString: return .notADictionary(key: key, at: ["aps"], found: "string")
        case .intermediateIsAnInt: return .notADictionary(key: key, at: ["aps"], found: "number")
        case .linkIsAnInt, .nestedLinkIsAnInt: return .linkNotAString(key: key, found: "number")
        case .intermediateIsAnArray: return .notADictionary(key: key, at: ["aps"], found: "array")
        case .linkIsAnArray: return .linkNotAString(key: key, found: "array")
        case .linkIsADictionary: return .linkNotAString(key: key, found: "dictionary")
        case .emptyString, .whitespaceOnly, .nestedEmptyString: return .emptyLink(key: key)
        case .malformedEscape: return .invalidLink(key: key, .malformedPercentEscape("%zz", offset: 23))
        case .notUTF8: return .invalidLink(key: key, .invalidUTF8("%FF", offset: 23))
        case .encodedNUL: return .invalidLink(key: key, .encodedNUL(offset: 24))
        case .leadingSpace: return .invalidLink(key: key, .disallowedCharacter(" ", offset: 0))
        case .overTheLengthLimit: return .invalidLink(key: key, .tooLong(length: 63, limit: 48))
        case .overThePathLimit: return .invalidLink(key: key, .tooManyPathSegments(limit: 3))
        }
    }
}

@MainActor
@Suite("Intake: notifications")
struct NotificationIntakeTests {
    private func center() -> (DispatchCenter, IntakeTripwire, IntakeWatcher) {
        let center = DispatchCenter()
        center.register([Orders.self, Campaign.self])
        center.fallback = Fallback.self
        let tripwire = IntakeTripwire()
        center.addInterceptor(tripwire)
        let watcher = IntakeWatcher()
        center.addObserver(watcher)
        return (center, tripwire, watcher)
    }

    @Test func theLinkIsReadUnderURLByDefaultAndTheActivitySeesANotification() throws {
        let (center, _, _) = center()
        let journal = IntakeJournal()
        #expect(center.notificationLinkKey == "url")
        let payload: [AnyHashable: Any] = [
            "aps": ["alert": "Your order shipped", "badge": 1] as [String: Any],
            "url": "cono://test.com/orders/7",
        ]
        let result = center.dispatch(.notification(payload), userInfo: journal.userInfo)
        #expect(result.isHandled)
        #expect(result.activity?.request.source == .notification)
        #expect(result.url == (try intakeDispatchURL("cono://test.com/orders/7")))
        #expect(journal.lines == ["Orders cono://test.com/orders/7 from a notification"])
        #expect(journal.parameters == [["id": "7"]])
    }

    @Test func aNestedKeyPathReadsSystemPayloadsAndPayloadsBuiltInCode() throws {
        let (center, _, _) = center()
        let journal = IntakeJournal()
        center.notificationLinkKey = ["aps", "link"]
        #expect(center.notificationLinkKey == NotificationLinkKey(["aps", "link"]))
        // As the system hands it over: [AnyHashable: Any] all the way down.
        let system: [AnyHashable: Any] = [
            "aps": ["alert": "Shipped", "link": "cono://test.com/orders/1"] as [AnyHashable: Any]
        ]
        // As code builds it: a [String: Any] inside, and at the top.
        let nested: [AnyHashable: Any] = ["aps": ["link": "cono://test.com/orders/2"] as [String: Any]]
        let built: [String: Any] = ["aps": ["link": "cono://test.com/orders/3"] as [String: Any]]
        #expect(center.dispatch(.notification(system), userInfo: journal.userInfo).isHandled)
        #expect(center.dispatch(.notification(nested), userInfo: journal.userInfo).isHandled)
        #expect(center.dispatch(.notification(built), userInfo: journal.userInfo).isHandled)
        #expect(journal.parameters == [["id": "1"], ["id": "2"], ["id": "3"]])
        #expect(journal.sources == [.notification, .notification, .notification])
        // The top-level key is no longer read.
        let flat = center.dispatch(.notification(["url": "cono://test.com/orders/4"]))
        #expect(flat.intakeRefusal == .missingLink(key: ["aps", "link"]))
    }

    @Test(arguments: IntakeBadPayload.allCases)
    func aPayloadWithoutAUsableLinkIsRefusedNamingTheKey(bad: IntakeBadPayload) {
        let (center, tripwire, watcher) = center()
        let journal = IntakeJournal()
        center.notificationLinkKey = bad.key
        center.urlLimits = DispatchURL.Limits(maximumLength: 48, maximumPathSegments: 3)
        let result = center.dispatch(.notification(bad.payload), userInfo: journal.userInfo)
        #expect(result.intakeRefusal == bad.expected)
        #expect(result.activity == nil)
        #expect(result.url == nil)
        #expect(journal.lines.isEmpty)
        #expect(tripwire.seen.isEmpty)
        #expect(watcher.events.count == 1)
        #expect(watcher.events.first?.intakeRefusal == bad.expected)
        #expect(watcher.events.first?.source == .notification)
        #expect(watcher.events.first?.url == nil)
    }

    @Test func theLimitsAreTheCentersAndALinkWithinThemIsDispatched() {
        let (center, _, _) = center()
        center.urlLimits = DispatchURL.Limits(maximumLength: 48, maximumPathSegments: 3)
        #expect(center.dispatch(.notification(["url": "cono://test.com/orders/7"])).isHandled)
        center.urlLimits = DispatchURL.Limits(maximumLength: 16)
        #expect(
            center.dispatch(.notification(["url": "cono://test.com/orders/7"])).intakeRefusal
                == .invalidLink(key: "url", .tooLong(length: 24, limit: 16)))
    }

    @Test func anEmptyKeyPathFindsNothing() {
        let (center, _, _) = center()
        center.notificationLinkKey = NotificationLinkKey([])
        let result = center.dispatch(
            .notification(["": "cono://test.com/orders/7", "url": "cono://test.com/orders/7"]))
        #expect(result.intakeRefusal == .missingLink(key: NotificationLinkKey([])))
        #expect(NotificationLinkKey([]).description == "(no key)")
    }

    @Test func theKeyReadsThePayloadWithoutACenter() throws {
        let key: NotificationLinkKey = ["aps", "link"]
        let payload: [AnyHashable: Any] = ["aps": ["link": "cono://test.com/orders/9"] as [String: Any]]
        #expect(try key.link(in: payload) == intakeDispatchURL("cono://test.com/orders/9"))
        #expect(throws: IntakeError.missingLink(key: "url")) {
            try NotificationLinkKey("url").link(in: payload)
        }
        #expect(throws: IntakeError.invalidLink(key: ["aps", "link"], .tooLong(length: 24, limit: 8))) {
            try key.link(in: payload, limits: DispatchURL.Limits(maximumLength: 8))
        }
    }

    @Test func keysDescribeThemselvesAndCompareByPath() {
        #expect(NotificationLinkKey("url").description == "url")
        #expect(NotificationLinkKey(["aps", "link"]).description == "aps.link")
        #expect(NotificationLinkKey(stringLiteral: "url") == NotificationLinkKey(["url"]))
        #expect(NotificationLinkKey(arrayLiteral: "aps", "link").path == ["aps", "link"])
        #expect(NotificationLinkKey(["aps", "link"]) != NotificationLinkKey(["link", "aps"]))
    }

    /// Values are named as JSON names them, whatever class the platform gives them: a JSON `true`
    /// is a boolean (not the number it converts to), `null` is null.
    @Test func payloadValuesAreNamedAsJSONNamesThem() throws {
        let payload = try #require(
            try JSONSerialization.jsonObject(
                with: Data(#"{"t": true, "n": 7, "x": 1.5, "z": null, "a": [], "d": {}}"#.utf8))
                as? [AnyHashable: Any])
        let expected = [
            "t": "boolean", "n": "number", "x": "number", "z": "null", "a": "array", "d": "dictionary",
        ]
        for (key, kind) in expected {
            #expect(
                throws: IntakeError.linkNotAString(key: NotificationLinkKey(stringLiteral: key), found: kind)
            ) {
                try NotificationLinkKey(stringLiteral: key).link(in: payload)
            }
        }
        #expect(
            IntakeError.linkNotAString(key: "z", found: "null").description
                == "the notification's \"z\" is null, not a string")
        #expect(throws: IntakeError.linkNotAString(key: "url", found: "boolean")) {
            try NotificationLinkKey("url").link(in: ["url": false])
        }
    }

    // Regression: IncomingLink held the payload as [AnyHashable: Any], so it was not Sendable and
    // could not be a test's argument (nor cross to the main actor from a delegate's queue). It holds
    // a copy now, which must read as the system's dictionary did.
    @Test(
        arguments: [
            (IncomingLink.notification(["url": 42]), IntakeError.linkNotAString(key: "url", found: "number")),
            (.notification(["url": 1.5]), .linkNotAString(key: "url", found: "number")),
            (.notification(["url": true]), .linkNotAString(key: "url", found: "boolean")),
            (.notification(["url": NSNumber(value: 7)]), .linkNotAString(key: "url", found: "number")),
            (.notification(["url": NSNull()]), .linkNotAString(key: "url", found: "null")),
            (
                .notification(["url": ["cono://test.com/orders/7"]]),
                .linkNotAString(key: "url", found: "array")
            ),
            (
                .notification(["url": Date(timeIntervalSince1970: 0)]),
                .linkNotAString(key: "url", found: "Date")
            ),
            (
                .notification(["url": Data("cono://test.com/orders/7".utf8)]),
                .linkNotAString(key: "url", found: "Data")
            ),
            (
                .notification(["url": URL(fileURLWithPath: "/orders/7")]),
                .linkNotAString(key: "url", found: "URL")
            ),
            (
                .notification(["url": ["href": "x"] as [String: Any]]),
                .linkNotAString(key: "url", found: "dictionary")
            ),
            (.notification([1: "cono://test.com/orders/7"]), .missingLink(key: "url")),
            (.notification(["url": ""]), .emptyLink(key: "url")),
        ] as [(IncomingLink, IntakeError)])
    func aCopiedPayloadIsReadAsTheSystemsDictionary(link: IncomingLink, expected: IntakeError) {
        let (center, tripwire, _) = center()
        #expect(center.dispatch(link).intakeRefusal == expected)
        #expect(tripwire.seen.isEmpty)
    }

    @Test(
        arguments: [
            IncomingLink.notification(["url": "cono://test.com/orders/7"]),
            .notification(["aps": ["alert": "Shipped"] as [String: Any], "url": "cono://test.com/orders/7"]),
            .notification(NotificationPayload(["url": "cono://test.com/orders/7"])),
            .openedURL(URL(string: "cono://test.com/orders/7")!, sourceApplication: "com.example.mail"),
        ])
    func aLinkArrivesAsATestArgument(link: IncomingLink) async {
        let result = await Task.detached { @MainActor [link] in
            let (center, _, _) = center()
            return center.dispatch(link)
        }.value
        #expect(result.isHandled, "\(link)")
        #expect(result.activity?.parameters == ["id": "7"])
    }

    @Test func aJSONPayloadKeepsItsKindsWhenCopied() throws {
        let json = #"{"t": true, "n": 7, "x": 1.5, "z": null, "a": [1, "b"], "d": {"e": "f"}, "s": "g"}"#
        let system = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [AnyHashable: Any])
        let payload = NotificationPayload(system)
        let expected = [
            "t": "boolean", "n": "number", "x": "number", "z": "null", "a": "array", "d": "dictionary",
        ]
        for (key, kind) in expected {
            #expect(
                throws: IntakeError.linkNotAString(key: NotificationLinkKey(stringLiteral: key), found: kind)
            ) {
                try NotificationLinkKey(stringLiteral: key).link(in: payload.entries)
            }
        }
        #expect(payload.entries["s"] as? String == "g")
        #expect(payload.description.hasPrefix(#"{a: [1, "b"], d: {e: "f"}, n: 7, "#))
    }

    @Test func aPayloadNestedDeeperThanAnyPushIsCopiedAndPrintedInBoundedDepth() {
        var nested: [AnyHashable: Any] = ["url": "cono://test.com/orders/7"]
        for _ in 0..<40 { nested = ["a": nested] }
        let payload = NotificationPayload(nested)
        var value: Any? = payload.entries["a"]
        var depth = 1
        while let dictionary = value as? [String: Any] {
            value = dictionary["a"] ?? dictionary["url"]
            depth += 1
        }
        #expect(depth == NotificationPayload.maximumDepth)
        #expect(!(value is String))
        #expect("\(value ?? "")" == "…")
        #expect(payload.description.hasSuffix("{a: …}}}}}}}}"))
    }

    @Test func refusalsNameTheKeyInPlainWords() throws {
        let key: NotificationLinkKey = ["aps", "link"]
        #expect(
            IntakeError.missingLink(key: key).description == "the notification has no link under \"aps.link\""
        )
        #expect(IntakeError.emptyLink(key: key).description == "the notification's \"aps.link\" is empty")
        #expect(
            IntakeError.notADictionary(key: key, at: ["aps"], found: "array").description
                == "the notification's \"aps\" is an array, not a dictionary holding \"aps.link\"")
        let notAString = IntakeError.linkNotAString(key: key, found: "number").description
        #expect(
            notAString.contains("\"aps.link\"") && notAString.contains("a number")
                && notAString.contains("not a string"))
        #expect(
            IntakeError.invalidLink(key: "url", .malformedPercentEscape("%zz", offset: 23)).description
                == "the notification's \"url\" is not a valid URL: "
                + "malformed percent-escape \"%zz\" at offset 23")
        let result = DispatchCenter().dispatch(.notification([:]))
        #expect(result.failure?.description == "refused: the notification has no link under \"url\"")
    }

    @Test func anActivityOpenOnlyToUniversalLinksRefusesANotification() throws {
        let (center, _, watcher) = center()
        center.associatedDomains = try AssociatedDomains(["applinks:test.com"])
        center.addInterceptor(UniversalLinksOnly())
        let journal = IntakeJournal()
        let tapped = center.dispatch(
            .notification(["url": "cono://test.com/campaign/spring"]), userInfo: journal.userInfo)
        #expect(
            tapped.intakeRejection == .interceptor(name: "UniversalLinksOnly", reason: "universal links only")
        )
        guard case .rejected(let reason)? = tapped.failure else { return }
        #expect(reason.source == .notification)
        #expect(journal.lines.isEmpty)
        #expect(watcher.events.last?.source == .notification)

        let linked = center.dispatch(
            .universalLink(try intakeURL("https://test.com/campaign/spring")), userInfo: journal.userInfo)
        #expect(linked.isHandled)
        #expect(journal.sources == [.universalLink])
    }

    @Test func anActivityOpenToNoAppRefusesAppsButAdmitsNotificationsAndUniversalLinks() throws {
        let (center, _, _) = center()
        center.associatedDomains = try AssociatedDomains(["applinks:test.com"])
        let journal = IntakeJournal()
        let opened = center.dispatch(
            .openedURL(
                try intakeURL("cono://test.com/campaign/spring"), sourceApplication: "com.example.wallet"),
            userInfo: journal.userInfo)
        #expect(opened.intakeRejection == .applicationNotAllowed)
        #expect(
            center.dispatch(
                .notification(["url": "cono://test.com/campaign/spring"]), userInfo: journal.userInfo
            ).isHandled)
        #expect(
            center.dispatch(
                .universalLink(try intakeURL("https://test.com/campaign/spring")), userInfo: journal.userInfo
            )
            .isHandled)
        #expect(journal.sources == [.notification, .universalLink])
    }
}

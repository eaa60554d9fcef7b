import DispatchKit
import DispatchKitEvents
import Foundation
import Testing

// Shared fixtures of the Links/ tests, prefixed `LinkTest` so that they cannot collide with the
// helpers of other folders of the target.

/// A `String`-backed enum.
enum LinkTestTab: String, Codable, Hashable, Sendable, CaseIterable {
    case details, reviews, photos
}

/// An `Int`-backed enum.
enum LinkTestPriority: Int, Codable, Hashable, Sendable, CaseIterable {
    case low = 1
    case high = 5
}

/// A custom type read through `LinkValueConvertible`: eight letters, uppercased. Its `Codable`
/// conformance is keyed (a struct), which a link must not use.
struct LinkTestSKU: LinkValueConvertible, Codable, Hashable, Sendable {
    let code: String

    init?(linkValue: String) {
        guard linkValue.count == 8, linkValue.allSatisfy(\.isLetter) else { return nil }
        code = linkValue.uppercased()
    }

    var linkValue: String { code }
}

/// A custom type read through `LosslessStringConvertible`: `major.minor`. Keyed `Codable` too.
struct LinkTestVersion: LosslessStringConvertible, Codable, Hashable, Sendable {
    let major: Int
    let minor: Int

    init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        self.init(major: major, minor: minor)
    }

    var description: String { "\(major).\(minor)" }
}

/// What decoding and encoding say of a `Date`, which links refuse.
enum LinkTestDate {
    static let advice =
        "a Date has no single form in a URL: use an Int or Double of seconds since 1970, or a LinkValueConvertible type of your own that reads the form your links use"
}

/// What the fixture activities did, handed to them in `userInfo`.
@MainActor
final class LinkTestJournal: Sendable {
    nonisolated static let key = "linkTestJournal"
    var lines: [String] = []
    nonisolated init() {}
    nonisolated var userInfo: [String: any Sendable] { [Self.key: self] }
}

extension DispatchActivity {
    /// The journal of the test that dispatched this activity, if any.
    var linkTestJournal: LinkTestJournal? { userInfo[LinkTestJournal.key] as? LinkTestJournal }
}

/// Keeps every event.
@MainActor
final class LinkTestObserver: DispatchObserver {
    var events: [DispatchEvent] = []
    func observe(_ event: DispatchEvent) { events.append(event) }
}

/// The source a link is decoded from, as a center would make it: `parameters` as if captured by
/// a pattern (`wildcard` for its `*`), and the query of `url`.
func linkTestRequest(_ url: String, parameters: [String: String] = [:], wildcard: [String]? = nil) throws
    -> DispatchRequest
{
    DispatchRequest(
        url: try DispatchURL(string: url), match: RouteMatch(parameters: parameters, wildcard: wildcard))
}

/// The link of type `Link` decoded from `url` by an activity built by hand, and what it throws.
@MainActor
func linkTestDecode<Link: DispatchLink>(
    _: Link.Type, _ url: String, parameters: [String: String] = [:], wildcard: [String]? = nil
) throws -> Result<Link, LinkDecodingError> {
    let activity = DispatchActivity(
        request: try linkTestRequest(url, parameters: parameters, wildcard: wildcard))
    do throws(LinkDecodingError) {
        return .success(try activity.link(as: Link.self))
    } catch {
        return .failure(error)
    }
}

extension Result {
    /// The error, if it failed.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The value, if it succeeded.
    var value: Success? { try? get() }
}

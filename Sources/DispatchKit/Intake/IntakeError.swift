/// Why a URL the system handed over was refused before any dispatch.
///
/// It arrives as ``DispatchFailure/refusedAtIntake(_:)`` in the result; nothing was dispatched,
/// nothing ran, and the observers see the refusal as an event.
public enum IntakeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A universal link that is not an `https` URL. Universal links are `https` links only.
    case notHTTPS(DispatchURL)
    /// A universal link whose host (and port) is not one of the center's
    /// ``DispatchCenter/associatedDomains``.
    case undeclaredDomain(DispatchURL)
    /// A notification whose payload has nothing under the key.
    case missingLink(key: NotificationLinkKey)
    /// A notification whose payload holds something other than a string under the key: a
    /// `number`, a `boolean`, `null`, an `array`, a `dictionary` (or, for anything else, its
    /// type's name) in `found`.
    case linkNotAString(key: NotificationLinkKey, found: String)
    /// A notification whose payload holds something other than a dictionary under `at`, a key on
    /// the way to `key`; `found` says what, as in ``linkNotAString(key:found:)``.
    case notADictionary(key: NotificationLinkKey, at: NotificationLinkKey, found: String)
    /// A notification whose link is empty or only white space.
    case emptyLink(key: NotificationLinkKey)
    /// A notification whose link is not an acceptable URL: malformed, or over the center's
    /// ``DispatchCenter/urlLimits``.
    case invalidLink(key: NotificationLinkKey, DispatchURLError)

    /// The refusal in plain words.
    public var description: String {
        switch self {
        case .notHTTPS(let url):
            return "universal link \(url) is not an https link"
        case .undeclaredDomain(let url):
            return "universal link \(url) is not on one of the app's associated domains"
        case .missingLink(let key):
            return "the notification has no link under \"\(key)\""
        case .linkNotAString(let key, let found):
            return "the notification's \"\(key)\" is \(found.withArticle), not a string"
        case .notADictionary(let key, let container, let found):
            return
                "the notification's \"\(container)\" is \(found.withArticle), not a dictionary holding \"\(key)\""
        case .emptyLink(let key):
            return "the notification's \"\(key)\" is empty"
        case .invalidLink(let key, let error):
            return "the notification's \"\(key)\" is not a valid URL: \(error)"
        }
    }
}

extension String {
    /// `a number`, `an array`.
    fileprivate var withArticle: String {
        if self == "null" { return self }
        return (first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + self
    }
}

/// What DispatchKitAsync needs of a link the system handed over, which DispatchKitUI's
/// `IncomingLink` provides: where the link came from, and the intake's checks, which DispatchKitUI
/// makes. Through it DispatchKitAsync awaits an `IncomingLink` without importing DispatchKitUI.
/// Apps do not adopt it.
public protocol _AdmissibleLink: Sendable {
    /// Where the link came from: the source of its dispatch.
    var origin: DispatchOrigin { get }

    /// The URL that passed the intake's checks for `center`, or the result that refuses the link
    /// (told to the observers).
    @MainActor func _admission(by center: DispatchCenter) -> _LinkAdmission
}

/// What the intake's checks made of an ``_AdmissibleLink``.
public enum _LinkAdmission {
    /// The URL to dispatch.
    case admitted(DispatchURL)
    /// The result of the refused link: `DispatchFailure.refusedAtIntake(_:)`, or an invalid URL.
    case refused(DispatchResult)
}

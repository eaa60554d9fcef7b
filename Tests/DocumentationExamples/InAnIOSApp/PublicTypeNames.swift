// Every public type of DispatchKit, DispatchKitManifest, DispatchKitRules, DispatchKitServices,
// DispatchKitEvents, DispatchKitUI and DispatchKitSwiftUI,
// named the way an iOS app file (or its test target's, for DispatchKitManifest) names it:
// unqualified, in type position, in a file that also imports Foundation, Dispatch, UIKit, SwiftUI,
// Combine and UserNotifications. A public name that one of Apple's frameworks declares too makes
// this file fail to compile, "ambiguous for type lookup in this context", as it would fail in the
// app. scripts/apple-check.sh
// compiles it for iOS against the stubs of those frameworks, which hold only what the package
// uses, so there it catches a collision with a stubbed name; against Apple's SDK it catches any. On
// Linux, and on the other platforms, this file is empty.
//
// PublicTypeNamesTests (in DispatchKitTests) derives the public types of the seven modules from
// their sources and fails naming any type missing here: add one line per type, as in that file's
// list for Linux. A generic type is named with any arguments that satisfy it.
#if canImport(UIKit) && os(iOS)
    import Combine
    import Dispatch
    import DispatchKit
    #if canImport(DispatchKitEvents)
        import DispatchKitEvents
    #endif
    #if canImport(DispatchKitManifest)
        import DispatchKitManifest
    #endif
    import DispatchKitUI
    #if canImport(DispatchKitRules)
        import DispatchKitRules
    #endif
    #if canImport(DispatchKitServices)
        import DispatchKitServices
    #endif
    #if canImport(DispatchKitSwiftUI)
        import DispatchKitSwiftUI
    #endif
    import Foundation
    import SwiftUI
    import UIKit
    import UserNotifications

    /// A link type, to name the generic activities with.
    private struct NamedLink: DispatchLink {}

    /// Never called: that this compiles for iOS is the test.
    private func nameEveryPublicTypeOnIOS() {
        // DispatchKit: Activity/
        let _: AsyncDispatchActivity.Type = AsyncDispatchActivity.self
        let _: AsyncLinkActivity<NamedLink>.Type = AsyncLinkActivity<NamedLink>.self
        let _: DispatchActivity.Type = DispatchActivity.self
        let _: (any DispatchModule).Type = (any DispatchModule).self
        let _: (any _DispatchModuleRegistration).Type = (any _DispatchModuleRegistration).self
        let _: DispatchRequest.Type = DispatchRequest.self
        let _: LinkActivity<NamedLink>.Type = LinkActivity<NamedLink>.self

        // DispatchKit: Center/
        let _: DispatchCenter.Type = DispatchCenter.self
        let _: DispatchConfigurationError.Type = DispatchConfigurationError.self
        let _: DispatchFailure.Type = DispatchFailure.self
        let _: DispatchResult.Type = DispatchResult.self

        // DispatchKit: Intake/
        let _: AssociatedDomains.Type = AssociatedDomains.self
        let _: AssociatedDomains.Entry.Type = AssociatedDomains.Entry.self
        let _: AssociatedDomains.InvalidEntry.Type = AssociatedDomains.InvalidEntry.self
        let _: IntakeError.Type = IntakeError.self
        let _: (any _AdmissibleLink).Type = (any _AdmissibleLink).self
        let _: _LinkAdmission.Type = _LinkAdmission.self
        let _: NotificationLinkKey.Type = NotificationLinkKey.self

        // DispatchKit: Links/
        let _: (any DispatchLink).Type = (any DispatchLink).self
        let _: LinkDecodingError.Type = LinkDecodingError.self
        let _: LinkDecodingError.Reason.Type = LinkDecodingError.Reason.self
        let _: LinkEncodingError.Type = LinkEncodingError.self
        let _: LinkEncodingError.Reason.Type = LinkEncodingError.Reason.self
        let _: LinkRoute<NamedLink>.Type = LinkRoute<NamedLink>.self
        let _: (any LinkValueConvertible).Type = (any LinkValueConvertible).self

        // DispatchKitManifest: compiled where the check builds it before this file (a check
        // that builds only the app's modules, DispatchKit and DispatchKitUI, skips it)
        #if canImport(DispatchKitManifest)
            let _: RouteDiagnostic.Type = RouteDiagnostic.self
            let _: RouteDiagnostic.Kind.Type = RouteDiagnostic.Kind.self
            let _: RouteDiagnostic.Severity.Type = RouteDiagnostic.Severity.self
            let _: AndroidIntentFilter.Type = AndroidIntentFilter.self
            let _: AndroidIntentFilter.Syntax.Type = AndroidIntentFilter.Syntax.self
            let _: AppSiteAssociation.Type = AppSiteAssociation.self
            let _: AppSiteAssociation.Component.Type = AppSiteAssociation.Component.self
            let _: AssetLinks.Type = AssetLinks.self
            let _: AssetLinks.App.Type = AssetLinks.App.self
            let _: LinkApproximation.Type = LinkApproximation.self
            let _: LinkApproximation.Kind.Type = LinkApproximation.Kind.self
            let _: LinkFileError.Type = LinkFileError.self
            let _: RouteManifest.Type = RouteManifest.self
            let _: RouteManifest.CustomClaimant.Type = RouteManifest.CustomClaimant.self
            let _: RouteManifest.Exposure.Type = RouteManifest.Exposure.self
            let _: RouteManifest.Exposure.Level.Type = RouteManifest.Exposure.Level.self
            let _: RouteManifest.Parameter.Type = RouteManifest.Parameter.self
            let _: RouteManifest.ParameterKind.Type = RouteManifest.ParameterKind.self
            let _: RouteManifest.QueryKey.Type = RouteManifest.QueryKey.self
            let _: RouteManifest.WildcardKey.Type = RouteManifest.WildcardKey.self
            let _: RouteManifest.Route.Type = RouteManifest.Route.self
            let _: RouteManifestError.Type = RouteManifestError.self
            let _: RouteManifestError.Problem.Type = RouteManifestError.Problem.self
            let _: RouteManifestRecordedError.Type = RouteManifestRecordedError.self
            let _: RouteManifestRecordedError.Reason.Type = RouteManifestRecordedError.Reason.self
            let _: RouteChange.Type = RouteChange.self
            let _: RouteChange.Addition.Type = RouteChange.Addition.self
            let _: RouteChange.ExposureNarrowing.Type = RouteChange.ExposureNarrowing.self
            let _: RouteChange.ExposureWidening.Type = RouteChange.ExposureWidening.self
            let _: RouteChange.KeyNarrowing.Type = RouteChange.KeyNarrowing.self
            let _: RouteChange.KeyRemoval.Type = RouteChange.KeyRemoval.self
            let _: RouteChange.KeyRequirement.Type = RouteChange.KeyRequirement.self
            let _: RouteChange.KeyRetype.Type = RouteChange.KeyRetype.self
            let _: RouteChange.KeyWidening.Type = RouteChange.KeyWidening.self
            let _: RouteChange.LinkKey.Type = RouteChange.LinkKey.self
            let _: RouteChange.LinkKey.Place.Type = RouteChange.LinkKey.Place.self
            let _: RouteChange.LinkRefusal.Type = RouteChange.LinkRefusal.self
            let _: RouteChange.Move.Type = RouteChange.Move.self
            let _: RouteChange.ParameterNarrowing.Type = RouteChange.ParameterNarrowing.self
            let _: RouteChange.Reach.Type = RouteChange.Reach.self
            let _: RouteChange.Removal.Type = RouteChange.Removal.self
            let _: RouteChange.Retarget.Type = RouteChange.Retarget.self
            let _: RuleDiagnostic.Type = RuleDiagnostic.self
            let _: RuleDiagnostic.Kind.Type = RuleDiagnostic.Kind.self
        #endif

        // DispatchKitRules: compiled where the check builds it before this file
        #if canImport(DispatchKitRules)
            let _: RedirectRules.Type = RedirectRules.self
            let _: RedirectRules.Condition.Type = RedirectRules.Condition.self
            let _: RedirectRules.Environment.Type = RedirectRules.Environment.self
            let _: RedirectRules.Rule.Type = RedirectRules.Rule.self
            let _: RedirectRules.Version.Type = RedirectRules.Version.self
            let _: RedirectRulesError.Type = RedirectRulesError.self
            let _: RedirectRulesError.JSONType.Type = RedirectRulesError.JSONType.self
            let _: RedirectRulesError.Problem.Type = RedirectRulesError.Problem.self
        #endif

        // DispatchKitUI
        let _: (any DispatchNavigator).Type = (any DispatchNavigator).self
        let _: NavigationError.Type = NavigationError.self
        let _: NavigationState.Type = NavigationState.self
        let _: NavigationStep.Type = NavigationStep.self
        let _: RecordingNavigator.Type = RecordingNavigator.self

        // DispatchKit: Patterns/
        let _: RouteMatch.Type = RouteMatch.self
        let _: RoutePattern.Type = RoutePattern.self
        let _: RoutePatternError.Type = RoutePatternError.self

        // DispatchKit: Policy/
        let _: DispatchDecision.Type = DispatchDecision.self
        let _: DispatchExposure.Type = DispatchExposure.self
        let _: DispatchHold.Type = DispatchHold.self
        let _: DispatchHold.State.Type = DispatchHold.State.self
        let _: DispatchInterception.Type = DispatchInterception.self
        let _: (any DispatchInterceptor).Type = (any DispatchInterceptor).self
        let _: DispatchOrigin.Type = DispatchOrigin.self
        let _: DispatchRejection.Type = DispatchRejection.self
        let _: DispatchRejection.Rule.Type = DispatchRejection.Rule.self
        let _: LinkOrigins.Type = LinkOrigins.self
        let _: InvalidLinkHandling.Type = InvalidLinkHandling.self
        let _: QueuedDispatch.Type = QueuedDispatch.self

        // DispatchKitEvents
        #if canImport(DispatchKitEvents)
            let _: DispatchEvent.Type = DispatchEvent.self
            let _: DispatchEvent.Decision.Type = DispatchEvent.Decision.self
            let _: DispatchEvent.Kind.Type = DispatchEvent.Kind.self
            let _: (any DispatchObserver).Type = (any DispatchObserver).self
        #endif

        // DispatchKitServices
        #if canImport(DispatchKitServices)
            let _: ServiceError.Type = ServiceError.self
            let _: ServiceLifetime.Type = ServiceLifetime.self
            let _: (any ServiceModule).Type = (any ServiceModule).self
            let _: ServiceRegistry.Type = ServiceRegistry.self
        #endif

        // DispatchKit: URL/
        let _: DispatchURL.Type = DispatchURL.self
        let _: DispatchURL.Limits.Type = DispatchURL.Limits.self
        let _: DispatchURLError.Type = DispatchURLError.self

        // DispatchKitUI: Intake/
        let _: IncomingLink.Type = IncomingLink.self
        let _: NotificationPayload.Type = NotificationPayload.self

        // DispatchKitUI: UIKit/
        let _: WindowNavigator.Type = WindowNavigator.self

        // DispatchKitSwiftUI
        #if canImport(DispatchKitSwiftUI)
            let _: ObservableNavigator.Type = ObservableNavigator.self
            let _: PageStack<EmptyView, EmptyView>.Type = PageStack<EmptyView, EmptyView>.self
            let _: PresentedPage.Type = PresentedPage.self
        #endif
    }
#endif

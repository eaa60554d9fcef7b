#if canImport(SwiftUI)
    import DispatchKit
    import DispatchKitUI
    import SwiftUI

    extension View {
        /// Presents the pages an ``ObservableNavigator`` presents as sheets, each over the one below.
        ///
        /// When the user closes a sheet, the navigator dismisses its page and those over it.
        ///
        /// - Parameters:
        ///   - navigator: The navigator.
        ///   - content: The view of a page.
        public func sheets<Content: View>(
            for navigator: ObservableNavigator, @ViewBuilder content: @escaping (AnyHashable) -> Content
        ) -> some View {
            PresentedLevel(base: self, navigator: navigator, level: 0, content: content)
        }
    }

    /// A view with the sheet of the page presented at `level` over it.
    struct PresentedLevel<Base: View, Content: View>: View {
        let base: Base
        @ObservedObject var navigator: ObservableNavigator
        let level: Int
        let content: (AnyHashable) -> Content

        var body: some View {
            base.sheet(item: navigator.presentedPage(at: level)) { presented in
                PresentedLevel<Content, Content>(
                    base: content(presented.page), navigator: navigator, level: level + 1, content: content)
            }
        }
    }
#endif

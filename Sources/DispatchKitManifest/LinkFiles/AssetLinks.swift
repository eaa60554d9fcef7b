import DispatchKit

/// The Digital Asset Links file of a site, `/.well-known/assetlinks.json`: the Android apps that
/// may open its App Links, the other half of ``AndroidIntentFilter``'s verification.
///
/// An Android app's App Link filters (`android:autoVerify="true"`, ``AndroidIntentFilter``) open
/// its links without asking the user only once Android has verified each host they name: it reads
/// `https://HOST/.well-known/assetlinks.json` and looks for a statement that grants the app, by its
/// package name and the SHA-256 fingerprint of a certificate it is signed with, the relation
/// ``relation`` (`delegate_permission/common.handle_all_urls`). This type writes those
/// statements, one per app:
///
/// ```json
/// [
///   {
///     "relation": ["delegate_permission/common.handle_all_urls"],
///     "target": {
///       "namespace": "android_app",
///       "package_name": "com.example.shop",
///       "sha256_cert_fingerprints": ["14:6D:E9:…"]
///     }
///   }
/// ]
/// ```
///
/// The file names no path: which links open the app is the filters' business. Serve the same file
/// on every host of the filters, over `https`, without a redirect, as `application/json`.
///
/// What it is for is checked, as Android reads it, before anything is written
/// (``LinkFileError``):
/// - a package name (the app's application ID) has at least two segments separated by dots, each
///   a letter (`a`–`z`, `A`–`Z`) followed by letters, digits or underscores: `com.example.shop`,
///   not `shop`, `com.example-shop` or `com.1shop`. Case is kept: package names are case-sensitive.
/// - a fingerprint is the SHA-256 one that `keytool -list -v` and the Play Console print: 32
///   bytes, each two hexadecimal digits in either case, separated by colons. It is written in
///   uppercase. A SHA-1 fingerprint (20 bytes) is refused.
/// - a package name given twice is refused rather than merged: its statement lists all its
///   fingerprints, given once each (a fingerprint given twice, in either case, is refused too).
///   The same fingerprint may serve several apps signed with the same key.
public struct AssetLinks: Sendable, Hashable {
    /// The relation each statement grants: open every URL of the site that the app's verified
    /// filters name, without asking the user.
    public static let relation = "delegate_permission/common.handle_all_urls"

    /// One app the site's links may open: its package name and the fingerprints of the
    /// certificates its builds are signed with.
    public struct App: Sendable, Hashable {
        /// The package name (application ID), as given: `com.example.shop`.
        public let packageName: String
        /// The SHA-256 fingerprints of its signing certificates, uppercase, in the order given:
        /// `14:6D:E9:…`. An app signed by Google Play has two: the app signing key (which the
        /// Play Console shows) and the upload key, for builds installed from elsewhere.
        public let fingerprints: [String]

        /// An app, after checking its package name and fingerprints.
        ///
        /// - Parameters:
        ///   - packageName: The app's package name (application ID): `com.example.shop`.
        ///   - fingerprints: The SHA-256 fingerprints of its signing certificates, `14:6D:E9:…`,
        ///     in either case.
        /// - Throws: ``LinkFileError/invalidPackageName(_:problem:)``,
        ///   ``LinkFileError/invalidFingerprint(_:problem:)``,
        ///   ``LinkFileError/repeatedFingerprint(_:packageName:)`` or
        ///   ``LinkFileError/noFingerprint(packageName:)``.
        public init(packageName: String, fingerprints: [String]) throws(LinkFileError) {
            try AssetLinks.checkPackageName(packageName)
            self.packageName = packageName
            self.fingerprints = try AssetLinks.checkedFingerprints(fingerprints, of: packageName)
        }
    }

    /// The apps, one statement each, in the order given.
    public let apps: [App]

    /// The file for `apps`.
    ///
    /// - Parameter apps: The apps the site's links may open, each package name once.
    /// - Throws: ``LinkFileError/noPackageName`` for no app,
    ///   ``LinkFileError/repeatedPackageName(_:)`` for a package name given twice.
    public init(apps: [App]) throws(LinkFileError) {
        guard !apps.isEmpty else { throw .noPackageName }
        var seen: Set<String> = []
        for app in apps where !seen.insert(app.packageName).inserted {
            throw .repeatedPackageName(app.packageName)
        }
        self.apps = apps
    }

    /// The file for one app, after checking its package name and fingerprints.
    ///
    /// ```swift
    /// func publishAssetLinks() throws -> Data {
    ///     // `keytool -list -v -keystore release.jks` prints it, after "SHA256:".
    ///     let release =
    ///         "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:"
    ///         + "16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    ///     let links = try AssetLinks(packageName: "com.example.shop", fingerprints: [release])
    ///     return links.json()  // serve at https://test.com/.well-known/assetlinks.json
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - packageName: The app's package name (application ID): `com.example.shop`.
    ///   - fingerprints: The SHA-256 fingerprints of its signing certificates, `14:6D:E9:…`, in
    ///     either case.
    /// - Throws: ``LinkFileError`` for a package name or a fingerprint that is not one, a
    ///   fingerprint given twice, or none.
    public init(packageName: String, fingerprints: [String]) throws(LinkFileError) {
        try self.init(apps: [App(packageName: packageName, fingerprints: fingerprints)])
    }
}

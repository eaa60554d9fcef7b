import DispatchKit

extension AndroidIntentFilter {
    /// The filters as XML, to place inside the `<activity>` that receives the links: one
    /// `<intent-filter>` element per set of hosts with the same paths (one for the usual single
    /// host), the App Links first, then each scheme's; four-space indentation, a final newline.
    /// Each element declares the `android` namespace, so that it parses on its own too. Empty if no
    /// exposed route matches on the hosts or in the schemes.
    ///
    /// Values are escaped twice: first for Android's resource compiler, which reads `\` as an
    /// escape (a pattern's `\.` is written `\\.`, as the `<data>` documentation says), then for
    /// XML (`&amp;`, `&lt;`, `&gt;`, `&quot;`).
    public func xmlString() -> String {
        var text = ""
        for (index, filter) in filters.enumerated() {
            if index > 0 { text += "\n" }
            text += "<intent-filter xmlns:android=\"http://schemas.android.com/apk/res/android\""
            // Only App Links are verified; a filter of a custom scheme asking for it would be read
            // as a claim on its hosts' web links.
            text += filter.scheme == "https" ? " android:autoVerify=\"true\">\n" : ">\n"
            text += "    <action android:name=\"android.intent.action.VIEW\" />\n"
            text += "    <category android:name=\"android.intent.category.DEFAULT\" />\n"
            text += "    <category android:name=\"android.intent.category.BROWSABLE\" />\n"
            text += "    <data android:scheme=\"\(Self.attribute(filter.scheme))\" />\n"
            for host in filter.hosts {
                text += "    <data android:host=\"\(Self.attribute(host))\" />\n"
            }
            for path in filter.paths {
                text += "    <data android:\(path.attribute.rawValue)=\"\(Self.attribute(path.value))\" />\n"
            }
            text += "</intent-filter>\n"
        }
        return text
    }

    /// A value as an attribute of the manifest: resource escapes (`\`, quotes), then XML's.
    static func attribute(_ value: String) -> String {
        var text = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\&quot;"
            case "'": text += "\\'"
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                text += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

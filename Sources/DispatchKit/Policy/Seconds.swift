/// How DispatchKit reads every duration it is given in seconds — `DispatchCenter.executionTimeout`
/// (DispatchKitAsync) and the `timeout:` of an awaiting dispatch, ``DispatchCenter/holdTimeout`` and
/// ``DispatchHold/init(timeout:)``, ``DispatchCenter/duplicateWindow`` — so that one value means one
/// thing everywhere and none can trap:
/// - NaN is no value: it means what `nil` means in that place;
/// - zero and negative values, `-infinity` included, are zero: a timeout passes at once, a
///   duplicate window filters nothing;
/// - `+infinity`, and anything from a billion seconds (31 years) up, is no limit.
package enum Seconds {
    /// `seconds` as it is kept: `nil` for `nil` and NaN, else at least zero.
    package static func normalized(_ seconds: Double?) -> Double? {
        guard let seconds, !seconds.isNaN else { return nil }
        return seconds > 0 ? seconds : 0
    }

    /// `seconds` as a sleep in nanoseconds, or `nil` for no limit (NaN, infinite, or too long to
    /// matter, where the conversion would overflow).
    package static func nanoseconds(_ seconds: Double) -> UInt64? {
        guard !seconds.isNaN, seconds < 1e9 else { return nil }
        return seconds > 0 ? UInt64(seconds * 1e9) : 0
    }
}

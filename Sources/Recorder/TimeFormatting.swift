import Foundation

/// Fast date formatting for the hot path (a `DateFormatter` per exchange costs more than the proxying).
enum TimeFormatting {
    /// `2026-11-22T15:10:53.123Z`.
    static func iso8601(_ date: Date) -> String {
        let (parts, millis) = split(date, local: false)
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2)).\(pad(millis, 3))Z"
    }

    /// `15:10:53.123` in local time.
    static func clock(_ date: Date) -> String {
        let (parts, millis) = split(date, local: true)
        return "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2)).\(pad(millis, 3))"
    }

    private static func split(_ date: Date, local: Bool) -> (tm, Int) {
        let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (quotient, remainder) = totalMillis.quotientAndRemainder(dividingBy: 1000)
        var seconds = time_t(remainder < 0 ? quotient - 1 : quotient)
        let millis = Int(remainder < 0 ? remainder + 1000 : remainder)
        var parts = tm()
        if local {
            localtime_r(&seconds, &parts)
        } else {
            gmtime_r(&seconds, &parts)
        }
        return (parts, millis)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

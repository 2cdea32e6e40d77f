import Foundation

/// Fast date formatting for the hot path (a `DateFormatter` per exchange costs more than the proxying).
enum TimeFormatting {
    /// `2026-11-22T15:10:53.123Z`.
    static func iso8601(_ date: Date) -> String {
        let (parts, millis) = split(date, local: false)
        let year = Int(parts.tm_year) + 1900
        guard (0...9999).contains(year) else {
            return "\(pad(year, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
                + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2)).\(pad(millis, 3))Z"
        }
        // Digits written into one fixed-size buffer: this runs once per captured exchange.
        var bytes = Array("0000-00-00T00:00:00.000Z".utf8)
        func put(_ value: Int, at end: Int, width: Int) {
            var value = value
            for index in stride(from: end, to: end - width, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(year, at: 3, width: 4)
        put(Int(parts.tm_mon) + 1, at: 6, width: 2)
        put(Int(parts.tm_mday), at: 9, width: 2)
        put(Int(parts.tm_hour), at: 12, width: 2)
        put(Int(parts.tm_min), at: 15, width: 2)
        put(Int(parts.tm_sec), at: 18, width: 2)
        put(millis, at: 22, width: 3)
        return String(decoding: bytes, as: UTF8.self)
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

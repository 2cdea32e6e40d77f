import Foundation

/// The `timestamp` format of error bodies: `yyyy-mm-dd hh:mm:ssZ` in UTC (spec §2.3).
public enum WireTimestamp {
    /// Formats `date` as `2025-01-01 10:00:00Z`.
    public static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let day = "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
        return "\(day) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
    }
}

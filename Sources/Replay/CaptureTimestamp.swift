/// Reads a HAR `startedDateTime` (ISO 8601) as seconds since 1970-01-01T00:00:00Z, as exporters
/// write it: authtape and Chrome (`2026-11-22T10:00:01.123Z`), mitmproxy
/// (`2026-11-22T10:00:01.123456+00:00`), Firefox (`…+01:00`), with or without a fraction of any
/// length, a `±hhmm` or `±hh` offset, or none (read as UTC). Anything else is nil, never a trap.
enum CaptureTimestamp {
    static func seconds(_ text: String) -> Double? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2), reader.skipAny("Tt "),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"),
            let second = reader.number(digits: 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        var fraction = 0.0
        if reader.skipAny(".,") {
            guard let value = reader.fraction() else { return nil }
            fraction = value
        }
        guard let offset = reader.offset(), reader.atEnd else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let clock = hour * 3600 + minute * 60 + second
        return Double(days * 86_400 + clock - offset) + fraction
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (years 0...9999 only reach here).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool { skipAny(String(character)) }

        mutating func skipAny(_ characters: String) -> Bool {
            guard position < bytes.count, characters.utf8.contains(bytes[position]) else { return false }
            position += 1
            return true
        }

        /// Exactly `digits` decimal digits.
        mutating func number(digits: Int) -> Int? {
            guard bytes.count - position >= digits else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = bytes[position]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                position += 1
            }
            return value
        }

        /// One or more digits after the decimal sign, as a fraction of a second (digits past the
        /// ninth are read and ignored).
        mutating func fraction() -> Double? {
            var digits = 0
            var scale = 1
            var count = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                if count < 9 {
                    digits = digits * 10 + Int(bytes[position] - 0x30)
                    scale *= 10
                }
                count += 1
                position += 1
            }
            return count > 0 ? Double(digits) / Double(scale) : nil
        }

        /// The offset from UTC in seconds: `Z`, `±hh:mm`, `±hhmm`, `±hh`, or nothing (UTC).
        mutating func offset() -> Int? {
            if atEnd { return 0 }
            if skipAny("Zz") { return 0 }
            let sign: Int
            if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
            guard let hours = number(digits: 2), hours <= 23 else { return nil }
            var minutes = 0
            if !atEnd {
                _ = skip(":")
                guard let value = number(digits: 2), value <= 59 else { return nil }
                minutes = value
            }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}

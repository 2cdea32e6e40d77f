import Foundation

/// How `JSONDecoder` turns a JSON number into an `Int` (decoding-rulings.md R1), without a trap on any
/// text and without a detour through `Double` where Foundation reads digits exactly:
/// 1. the text must follow the JSON number grammar;
/// 2. a plain integer (digits, optional minus) is read exactly; outside `Int`'s range it is rejected;
/// 3. anything else is read as a `Double`, which must be a whole number `Int` holds; below 2^53 that is
///    the value (so `8.0`, `80e-1` and `1e-400` read as 8, 8 and 0; `8.5` is rejected);
/// 4. from 2^53 up the text is read again as Foundation's `Decimal` (a 128-bit mantissa, a signed 8-bit
///    exponent, trailing zeros removed) and its value taken without the fraction, so
///    `9007199254740993.0` reads as 9007199254740993.
enum JSONInteger {
    /// The value `JSONDecoder` decodes for an `Int`, or nil where it throws.
    static func decode(_ text: ArraySlice<UInt8>) -> Int? {
        guard isValidNumber(text) else { return nil }
        if let plain = plainInteger(text) { return plain }
        if !text.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            return nil
        }
        guard let double = Double(String(decoding: text, as: UTF8.self)), let value = Int(exactly: double) else {
            return nil
        }
        if double.magnitude < 9_007_199_254_740_992 { return value }
        return decimalInteger(text)
    }

    /// Whether `text` follows RFC 8259's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isValidNumber(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        let end = text.endIndex
        func isDigit(_ position: Int) -> Bool {
            position < end && text[position] >= UInt8(ascii: "0") && text[position] <= UInt8(ascii: "9")
        }
        if index < end, text[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return false }
        if text[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < end, text[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        if index < end, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        return index == end
    }

    /// Digits with an optional minus, read exactly; nil for other text or outside `Int`'s range.
    private static func plainInteger(_ text: ArraySlice<UInt8>) -> Int? {
        var index = text.startIndex
        let negative = text[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        while index < text.endIndex {
            let byte = text[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowAdd else { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// Foundation's `Decimal` reading of a valid number's text, then its integer part if it fits in `Int`.
    private static func decimalInteger(_ text: ArraySlice<UInt8>) -> Int? {
        var mantissa: UInt128 = 0
        var exponent = 0
        var tooBig = false
        var index = text.startIndex
        let negative = text[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        func appendDigit(_ byte: UInt8) -> Bool {
            let (times, overflowTimes) = mantissa.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) = times.addingReportingOverflow(UInt128(byte - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowAdd else { return false }
            mantissa = next
            return true
        }
        while index < text.endIndex, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
            if tooBig || !appendDigit(text[index]) {
                tooBig = true
                guard exponent < Int(Int8.max) else { return nil }
                exponent += 1
            }
            index += 1
        }
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            while index < text.endIndex, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
                if !tooBig {
                    if appendDigit(text[index]) {
                        guard exponent > Int(Int8.min) else { return nil }
                        exponent -= 1
                    } else {
                        tooBig = true
                    }
                }
                index += 1
            }
        }
        if index < text.endIndex {
            // `e` or `E`, an optional sign, digits (the grammar was checked).
            index += 1
            var negativeExponent = false
            if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                negativeExponent = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            while index < text.endIndex {
                written = written * 10 + Int(text[index] - UInt8(ascii: "0"))
                guard written <= 2 * Int(Int8.max) else { return nil }
                index += 1
            }
            let total = exponent + (negativeExponent ? -written : written)
            guard total >= Int(Int8.min), total <= Int(Int8.max) else { return nil }
            exponent = total
        }
        if mantissa != 0 {
            while mantissa % 10 == 0 {
                mantissa /= 10
                exponent += 1
            }
        }
        guard var value = UInt64(exactly: mantissa) else { return nil }
        if exponent < 0 {
            for _ in 0 ..< -exponent { value /= 10 }
        } else {
            for _ in 0..<exponent {
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = times
            }
        }
        guard let magnitude = Int(exactly: value) else { return nil }
        return negative ? -magnitude : magnitude
    }
}

import Foundation
import HAR
import Testing

@testable import Redaction

/// Timing numbers are accepted without conversion only when the conversion would agree.
@Suite("Canonical numbers")
struct CanonicalNumberTests {
    /// Whether `double()` accepts `literal`, and how far it read.
    static func accepts(_ literal: String) -> Bool {
        let bytes = Array(literal.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = CanonicalReader(buffer, position: 0)
            return reader.double() && reader.position == buffer.count
        }
    }

    /// The slow rule: valid JSON whose shortest round-trip text is the literal.
    static func reference(_ literal: String) -> Bool {
        guard (try? JSONParser.parse(literal)) != nil, let value = Double(literal), value.isFinite else { return false }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) == literal }
        return value.description == literal
    }

    @Test("The short-number rule agrees with converting the number, on generated literals")
    func shortNumbersAgree() {
        var literals = ["0", "-0", "00", "-1", "1", "42", "007", "1.0", "1.50", "0.5", "-0.5", "0.05", "107.8", "01.5", "1.", ".5",
                        "999999999999999", "1000000000000000", "123456789.123456", "1.5e3", "-", "0.1", "0.10", "2.000001"]
        var state: UInt64 = 12345
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (state >> 33) % bound
        }
        for _ in 0..<3000 {
            let integer = next(4) == 0 ? "0" : String(next(1_000_000_000_000))
            let fraction = String(next(10_000_000))
            let sign = next(3) == 0 ? "-" : ""
            literals.append(sign + integer)
            literals.append(sign + integer + "." + String(fraction.prefix(Int(next(7)) + 1)))
        }
        for literal in literals {
            #expect(Self.accepts(literal) == Self.reference(literal), "\(literal)")
        }
    }
}

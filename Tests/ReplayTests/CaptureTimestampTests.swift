import Foundation
import Testing

@testable import Replay

@Suite("Capture timestamps")
struct CaptureTimestampTests {
    /// Foundation's reading of the same text, the reference.
    static func reference(_ text: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)?.timeIntervalSince1970
    }

    @Test(
        "Exporters' startedDateTime forms read as Foundation reads them",
        arguments: [
            "2026-11-22T10:00:01.123Z", "2026-11-22T16:11:10.983Z", "2026-11-22T10:00:04.364456+00:00",
            "2026-11-22T11:00:01.500+01:00", "2026-11-22T04:30:01.250-05:30", "2026-11-22T10:00:01Z",
            "2024-02-29T23:59:59.999Z", "1970-01-01T00:00:00.000Z", "1999-12-31T23:59:59+00:00",
        ])
    func readsLikeFoundation(text: String) throws {
        let expected = try #require(Self.reference(text))
        let seconds = try #require(CaptureTimestamp.seconds(text))
        #expect(abs(seconds - expected) < 0.000_5, "\(text): \(seconds) vs \(expected)")
    }

    @Test("Microseconds, an offset without a colon and no offset at all are read")
    func otherForms() throws {
        let base = try #require(CaptureTimestamp.seconds("2026-11-22T10:00:04Z"))
        func after(_ text: String) -> Double? { CaptureTimestamp.seconds(text).map { $0 - base } }
        #expect(abs((after("2026-11-22T10:00:04.364456+00:00") ?? 0) - 0.364456) < 1e-6)
        #expect(after("2026-11-22T11:00:04+0100") == 0)
        #expect(after("2026-11-22T10:00:04") == 0)
        #expect(after("2026-11-22 10:00:04.5Z") == 0.5)
        #expect(abs((after("2026-11-22T10:00:04.123456789123456789Z") ?? 0) - 0.123456789) < 1e-6)
    }

    @Test(
        "Text that is not a timestamp is nil, never a trap",
        arguments: [
            "", "yesterday", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-22T24:00:00Z",
            "2026-11-22T10:60:00Z", "2026-11-22T10:00:00.Z", "2026-11-22T10:00:00+25:00", "2026-11-22T10:00:00Zjunk",
            "99999-11-22T10:00:00Z", "2026-11-22", "２０２６-11-22T10:00:00Z", "2026-11-22T10:00:00.1e9Z",
        ])
    func rejectsWhatIsNotATimestamp(text: String) {
        #expect(CaptureTimestamp.seconds(text) == nil)
    }

    @Test("A HAR time that is negative, absurd or not finite is no duration")
    func durations() {
        #expect(RecordedExchange.duration(120.5) == 0.1205)
        #expect(RecordedExchange.duration(0) == 0)
        #expect(RecordedExchange.duration(-1) == nil)
        #expect(RecordedExchange.duration(1e300) == nil)
        #expect(RecordedExchange.duration(.infinity) == nil)
        #expect(RecordedExchange.duration(.nan) == nil)
    }
}

import NIOCore
import Testing

@testable import Recorder

@Suite("Deadline timer")
struct DeadlineTimerTests {
    let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    @Test("the first deadline asks for a wake-up; later ones ride on the pending wake-up")
    func coalesces() {
        var timer = DeadlineTimer()
        #expect(timer.set(start + .seconds(5)) == start + .seconds(5))
        #expect(timer.set(start + .seconds(6)) == nil)
        #expect(timer.set(start + .seconds(7)) == nil)
        // The wake-up at 5 s finds the deadline moved to 7 s and sleeps until then.
        #expect(timer.wake(now: start + .seconds(5)) == .sleep(until: start + .seconds(7)))
        #expect(timer.wake(now: start + .seconds(7)) == .expired)
        #expect(timer.deadline == nil)
    }

    @Test("an earlier deadline than the pending wake-up asks for its own wake-up")
    func earlierDeadline() {
        var timer = DeadlineTimer()
        #expect(timer.set(start + .seconds(10)) == start + .seconds(10))
        #expect(timer.set(start + .seconds(2)) == start + .seconds(2))
        #expect(timer.wake(now: start + .seconds(2)) == .expired)
    }

    @Test("a cleared deadline lets the pending wake-up pass without a timeout, and can be set again")
    func cleared() {
        var timer = DeadlineTimer()
        _ = timer.set(start + .seconds(1))
        timer.clear()
        #expect(timer.wake(now: start + .seconds(1)) == DeadlineTimer.Wake.none)
        #expect(timer.set(start + .seconds(3)) == start + .seconds(3))
        #expect(timer.wake(now: start + .seconds(2)) == .sleep(until: start + .seconds(3)))
        #expect(timer.wake(now: start + .seconds(4)) == .expired)
    }
}

@Suite("Header value matching")
struct HeaderMatchingTests {
    @Test("finds a lowercase needle in any ASCII case and rejects near misses")
    func containsIgnoringCase() {
        #expect("application/x-www-FORM-urlencoded; charset=utf-8".containsIgnoringASCIICase("form-urlencoded"))
        #expect("Form-URLEncoded".containsIgnoringASCIICase("form-urlencoded"))
        #expect(!"application/json".containsIgnoringASCIICase("form-urlencoded"))
        #expect(!"form-urlencode".containsIgnoringASCIICase("form-urlencoded"))
        #expect(!"".containsIgnoringASCIICase("a"))
        #expect("ÄÖ form-urlencoded".containsIgnoringASCIICase("form-urlencoded"))
    }
}

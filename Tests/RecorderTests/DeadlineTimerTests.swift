import NIOCore
import NIOHTTP1
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
    @Test("drops hop-by-hop headers, those Connection names and the extras, keeping the rest in order")
    func hopByHop() {
        let headers = HTTPHeaders([
            ("Host", "a"), ("Connection", "keep-alive, X-Private"), ("Keep-Alive", "timeout=5"),
            ("x-private", "1"), ("Content-Type", "application/json"), ("TE", "trailers"),
            ("Content-Length", "2"), ("X-Other", "b"), ("Upgrade", "h2c"), ("Proxy-Authorization", "secret"),
        ])
        let kept = headers.removingHopByHop(alsoRemoving: ["content-length"])
        #expect(kept.map(\.name) == ["Host", "Content-Type", "X-Other"])
        #expect(kept.map(\.value) == ["a", "application/json", "b"])
        #expect(headers.removingHopByHop().contains(name: "content-length"))
    }

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

import Foundation
import HAR
import NIOCore
import NIOPosix
import Testing

@testable import Recorder

/// A sink that stores each exchange on its own thread after `delay`, like a slow capture thread.
final class DelayedSink: ExchangeSink, @unchecked Sendable {
    let delay: TimeInterval
    private let lock = NSLock()
    private var stored: [(sequence: UInt64, at: Date)] = []

    init(delay: TimeInterval) {
        self.delay = delay
    }

    func record(_ exchange: RecordedExchange) {
        lock.withLock { stored.append((exchange.sequence, Date())) }
    }

    func record(_ exchange: RecordedExchange, completion: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [self] in
            Thread.sleep(forTimeInterval: delay)
            record(exchange)
            completion()
        }
    }

    var storedTimes: [Date] { lock.withLock { stored.map(\.at) } }
}

@Suite("Capture thread")
struct CaptureQueueTests {
    @Test("processes queued exchanges in order on its own thread and calls each completion after it")
    func ordered() throws {
        let seen = SendableBox<[UInt64]>([])
        let completed = SendableBox<[UInt64]>([])
        let threads = SendableBox<Set<UInt>>([])
        let queue = CaptureQueue { batch in
            for exchange in batch { seen.mutate { $0.append(exchange.sequence) } }
            threads.mutate { $0.insert(UInt(pthread_self())) }
        }
        for sequence in 1...50 {
            let accepted = queue.enqueue(exchange(UInt64(sequence), path: "a", form: "", response: "{}")) {
                // The exchange was processed before its completion runs.
                completed.mutate { $0.append(seen.value.contains(UInt64(sequence)) ? UInt64(sequence) : 0) }
            }
            #expect(accepted)
        }
        queue.drain()
        #expect(seen.value == Array(1...50))
        #expect(completed.value == Array(1...50))
        // One dedicated thread, not the caller's.
        #expect(threads.value.count == 1)
        #expect(!threads.value.contains(UInt(pthread_self())))
        queue.stop()
        #expect(!queue.enqueue(exchange(51, path: "a", form: "", response: "{}")) {})
    }

    @Test("refuses exchanges while full, counts the overflow, and accepts again once drained")
    func backpressure() {
        let gate = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let processed = SendableBox(0)
        let queue = CaptureQueue(maxItems: 2) { batch in
            for _ in batch {
                entered.signal()
                gate.wait()
                processed.mutate { $0 += 1 }
            }
        }
        let item = exchange(1, path: "a", form: "", response: "{}")
        #expect(queue.enqueue(item) {})
        // The thread takes the first item and blocks; two more fill the queue.
        entered.wait()
        #expect(queue.pendingCount == 1)
        #expect(queue.enqueue(item) {})
        #expect(queue.enqueue(item) {})
        #expect(!queue.enqueue(item) {})
        #expect(queue.overflowCount == 1)
        for _ in 0..<3 { gate.signal() }
        for _ in 0..<2 { entered.wait() }
        queue.drain()
        #expect(processed.value == 3)
        #expect(queue.enqueue(item) {})
        entered.wait()
        gate.signal()
        queue.stop()
        #expect(processed.value == 4)
    }

    @Test("the capture writer's completion runs once the exchange is in the journal; finish writes them all")
    func writerCompletion() throws {
        let path = temporaryCapturePath()
        let writer = try CaptureWriter(settings: .init(outputPath: path), console: nil)
        let linesAtCompletion = SendableBox<[Int]>([])
        let journalPath = writer.journalPath
        for sequence in 1...20 {
            let item = exchange(UInt64(sequence), path: "oauth2/v2.0/initiate", form: "username=a", response: "{}")
            writer.record(item) {
                let text = (try? String(contentsOfFile: journalPath, encoding: .utf8)) ?? ""
                linesAtCompletion.mutate { $0.append(text.split(separator: "\n").count - 1) }
            }
        }
        #expect(try writer.finish() == 20)
        // Each completion saw at least its own exchange in the journal.
        #expect(linesAtCompletion.value.count == 20)
        #expect(zip(linesAtCompletion.value, 1...20).allSatisfy { $0 >= $1 })
        #expect(try HARReader.read(contentsOf: path).log.entries.count == 20)
        #expect(writer.queueOverflows == 0)
    }

    @Test("completions named for an event loop run on it, in order, after their exchanges are in the journal")
    func completionsOnLoop() async throws {
        let path = temporaryCapturePath()
        let writer = try CaptureWriter(settings: .init(outputPath: path), console: nil)
        let journalPath = writer.journalPath
        let loops = [group.next(), group.next()]
        let seen = SendableBox<[(sequence: Int, onLoop: Bool, lines: Int)]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let remaining = SendableBox(40)
            for sequence in 1...40 {
                let loop = loops[sequence % 2]
                let item = exchange(UInt64(sequence), path: "oauth2/v2.0/initiate", form: "username=a", response: "{}")
                writer.record(item, completingOn: loop) {
                    let text = (try? String(contentsOfFile: journalPath, encoding: .utf8)) ?? ""
                    seen.mutate { $0.append((sequence, loop.inEventLoop, text.split(separator: "\n").count - 1)) }
                    var last = false
                    remaining.mutate {
                        $0 -= 1
                        last = $0 == 0
                    }
                    if last { done.resume() }
                }
            }
        }
        #expect(try writer.finish() == 40)
        let calls = seen.value
        #expect(calls.count == 40)
        #expect(calls.allSatisfy { $0.onLoop && $0.lines >= $0.sequence })
        // Per loop, completions keep the order of their exchanges.
        for parity in 0..<2 {
            let order = calls.filter { $0.sequence % 2 == parity }.map(\.sequence)
            #expect(order == order.sorted())
        }
    }

    @Test("the proxy holds a response's end until the sink has stored the exchange")
    func responseWaitsForSink() async throws {
        let upstream = try await TestUpstream.start(group: group) { _, _ in .json(#"{"ok":true}"#) }
        let settings = RecorderSettings(mode: .reverse(Upstream(host: "127.0.0.1", port: upstream.port, isTLS: false)))
        let sink = DelayedSink(delay: 0.3)
        let proxy = try await RecordingProxy.start(settings: settings, sink: sink, group: group)
        let started = Date()
        let responses = try await TestClient.send(
            [TestRequest(uri: "/a"), TestRequest(uri: "/b")], to: proxy.port, group: group)
        let finished = Date()
        try await proxy.shutdown()
        await upstream.stop()
        #expect(responses.map(\.text) == [#"{"ok":true}"#, #"{"ok":true}"#])
        let stored = sink.storedTimes
        #expect(stored.count == 2)
        // Two sequential requests on one connection: each waited for its own store.
        #expect(finished.timeIntervalSince(started) >= 0.6)
        #expect(stored.allSatisfy { $0 <= finished })
    }

    @Test("a client receives no byte of a response that fits one read until the sink has stored it")
    func noByteBeforeStore() async throws {
        let upstream = try await TestUpstream.start(group: group) { _, _ in .json(#"{"ok":true}"#) }
        let settings = RecorderSettings(mode: .reverse(Upstream(host: "127.0.0.1", port: upstream.port, isTLS: false)))
        let sink = DelayedSink(delay: 0.5)
        let proxy = try await RecordingProxy.start(settings: settings, sink: sink, group: group)
        let (text, _, firstByteAt) = try await TestClient.rawTimed(
            Array("GET /a HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8), to: proxy.port, group: group,
            wait: .seconds(5))
        try await proxy.shutdown()
        await upstream.stop()
        #expect(text.hasPrefix("HTTP/1.1 200 OK") && text.hasSuffix(#"{"ok":true}"#))
        // A content-length response is complete for the client with its last body byte, so not
        // even the head may leave before the exchange is stored.
        let stored = try #require(sink.storedTimes.first)
        let first = try #require(firstByteAt)
        #expect(first >= stored)
    }
}

@Suite("Capture pipeline helpers")
struct CapturePipelineHelperTests {
    @Test("reads the top-level string members of a JSON body, the last of a name winning")
    func jsonStrings() {
        let body = Array(#" {"error":"invalid_grant","n":1,"continuation_token":"a","continuation_token":"b","x":"1","x":2,"o":{"error":"no"}}"#.utf8)
        #expect(BodyFields.jsonStrings(body) == ["error": "invalid_grant", "continuation_token": "b"])
        #expect(BodyFields.jsonStrings(Array(#"["a"]"#.utf8)).isEmpty)
        #expect(BodyFields.jsonStrings(Array(#"{"a":"#.utf8)).isEmpty)
        #expect(BodyFields.jsonStrings([]).isEmpty)
        #expect(BodyFields.jsonStrings(Array(#"{"s":"\u00e9\n"}"#.utf8)) == ["s": "é\n"])
    }

    @Test("extracts the decoded path of a URL as URLComponents does")
    func urlPath() {
        let urls = [
            "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/signup/v1.0/start",
            "http://127.0.0.1:8080/t/oauth2/v2.0/token?x=1&y=%20#frag",
            "https://host", "https://host/a%20b/c?d", "http://[::1]:9/p#q",
        ]
        for url in urls {
            #expect(CaptureWriter.Pipeline.path(ofURL: url) == URLComponents(string: url)?.path, "\(url)")
        }
    }

    @Test("matches header names ignoring ASCII case only")
    func caseInsensitive() {
        #expect("Content-Type".equalsIgnoringASCIICase("content-type"))
        #expect("CLIENT-REQUEST-ID".equalsIgnoringASCIICase("client-request-id"))
        #expect(!"content-typ".equalsIgnoringASCIICase("content-type"))
        #expect(!"content_type".equalsIgnoringASCIICase("content-type"))
    }
}

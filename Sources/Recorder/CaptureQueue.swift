import Foundation
import NIOCore

/// A bounded queue of completed exchanges drained by one dedicated capture thread, so that
/// redaction, HAR encoding and the journal append never run on a proxy event loop.
///
/// Each exchange carries a completion that the thread calls once the exchange is in the
/// journal; the proxy writes the response's end to the client only then, so the journal still
/// holds every exchange a client saw complete. When the queue is full (``maxItems`` exchanges or
/// ``maxBytes`` of captured bodies), `enqueue` refuses and the caller writes the exchange itself:
/// the event loop slows down instead of memory growing or exchanges being dropped. Such
/// overflows are counted in ``overflowCount``.
final class CaptureQueue: @unchecked Sendable {
    struct Item {
        var exchange: RecordedExchange
        /// Where `completion` must run; nil to call it on the capture thread.
        var loop: (any EventLoop)?
        var completion: @Sendable () -> Void
        var bytes: Int
    }

    /// Most exchanges waiting at once.
    let maxItems: Int
    /// Most captured body bytes waiting at once.
    let maxBytes: Int
    /// Most exchanges the thread takes in one batch.
    let maxBatch: Int

    private let condition = NSCondition()
    private var items: [Item] = []
    private var queuedBytes = 0
    private var busy = false
    private var started = false
    private var stopped = false
    private var overflows = 0
    private let process: @Sendable ([RecordedExchange]) -> Void

    /// Creates a queue whose thread (started on the first `enqueue`) calls `process` with each
    /// batch of waiting exchanges, in order, at most ``maxBatch`` at a time: under load one journal
    /// write serves many exchanges.
    init(
        maxItems: Int = 4_096, maxBytes: Int = 64 << 20, maxBatch: Int = 256,
        process: @escaping @Sendable ([RecordedExchange]) -> Void
    ) {
        self.maxItems = maxItems
        self.maxBytes = maxBytes
        self.maxBatch = maxBatch
        self.process = process
    }

    /// Queues `exchange`; returns false (and queues nothing) when the queue is full or stopped.
    /// `completion` runs on the capture thread.
    func enqueue(_ exchange: RecordedExchange, completion: @escaping @Sendable () -> Void) -> Bool {
        enqueue(exchange, loop: nil, completion: completion)
    }

    /// Queues `exchange`; once it is stored, `completion` runs on `eventLoop`, batched with the other
    /// completions of the same batch and loop into one task. Returns false when full or stopped.
    func enqueue(
        _ exchange: RecordedExchange, completingOn eventLoop: any EventLoop,
        completion: @escaping @Sendable () -> Void
    ) -> Bool {
        enqueue(exchange, loop: eventLoop, completion: completion)
    }

    private func enqueue(
        _ exchange: RecordedExchange, loop: (any EventLoop)?, completion: @escaping @Sendable () -> Void
    ) -> Bool {
        let bytes = exchange.request.body.count + exchange.response.body.count
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return false }
        if items.count >= maxItems || (queuedBytes + bytes > maxBytes && !items.isEmpty) {
            overflows += 1
            return false
        }
        if !started {
            started = true
            Thread.detachNewThread { [self] in
                // Linux keeps at most 15 bytes of a thread's name (a longer one is not set).
                Thread.current.name = "capture-writer"
                run()
            }
        }
        items.append(Item(exchange: exchange, loop: loop, completion: completion, bytes: bytes))
        queuedBytes += bytes
        if items.count == 1 { condition.signal() }
        return true
    }

    /// Times `enqueue` found the queue full and left the exchange to its caller.
    var overflowCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return overflows
    }

    /// Exchanges waiting now.
    var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.count + (busy ? 1 : 0)
    }

    /// Blocks until every queued exchange has been processed.
    func drain() {
        condition.lock()
        while !items.isEmpty || busy { condition.wait() }
        condition.unlock()
    }

    /// Processes what is queued, then stops the thread; later `enqueue` calls return false.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !items.isEmpty || busy { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while items.isEmpty && !stopped { condition.wait() }
            if items.isEmpty {
                condition.broadcast()
                condition.unlock()
                return
            }
            let count = min(items.count, maxBatch)
            let batch = Array(items.prefix(count))
            items.removeFirst(count)
            busy = true
            condition.unlock()

            process(batch.map(\.exchange))
            var released = 0
            // One task per event loop for the batch's completions, in order, instead of a task
            // (and possibly a wake-up) per exchange.
            var byLoop: [(loop: any EventLoop, completions: [@Sendable () -> Void])] = []
            for item in batch {
                released += item.bytes
                guard let loop = item.loop else {
                    item.completion()
                    continue
                }
                if let index = byLoop.firstIndex(where: { $0.loop === loop }) {
                    byLoop[index].completions.append(item.completion)
                } else {
                    byLoop.append((loop, [item.completion]))
                }
            }
            for (loop, completions) in byLoop {
                loop.execute { for completion in completions { completion() } }
            }

            condition.lock()
            queuedBytes -= released
            busy = false
            condition.broadcast()
            condition.unlock()
        }
    }
}

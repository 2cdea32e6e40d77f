import NIOCore
import NIOHTTP1

/// The life of one client connection, one exchange at a time (pipelined requests are held by
/// ``RequestGate`` before they reach the driver).
///
/// A value type without I/O: the driver (``ProxyServerHandler``) feeds it events and performs the
/// returned actions.
struct ExchangeStateMachine {
    /// A request being received or forwarded.
    struct Request {
        var head: HTTPRequestHead
        var body: ByteBuffer
        var receivedAt: NIODeadline
    }

    /// A response being relayed to the client.
    struct Response {
        var head: HTTPResponseHead
        var captured: ByteBuffer
        var size: Int
        var truncated: Bool
    }

    private enum State {
        /// Waiting for a request head. Next: receiving, closed.
        case idle
        /// Head received, reading the body. Next: forwarding, rejected, closed.
        case receiving(Request)
        /// Request complete and handed to the driver. Next: relaying, idle (proxy answered), closed.
        case forwarding(Request)
        /// Response head written to the client; relaying the body. Next: idle, closed.
        case relaying(Request, Response)
        /// A rejection was written; the connection closes once it is flushed. Next: closed.
        case rejected
        /// Nothing more happens on this connection.
        case closed
    }

    enum HeadAction: Equatable {
        case none
        /// Write `100 Continue` because the client waits for it before sending its body.
        case sendContinue
        /// Answer with the failure and close.
        case reject(ProxyFailure)
    }

    enum BodyAction: Equatable {
        case none
        case reject(ProxyFailure)
    }

    enum EndAction {
        case none
        /// Send the complete request upstream.
        case forward(Request)
    }

    enum ResponseHeadAction {
        case none
        case write(HTTPResponseHead)
    }

    enum ResponseBodyAction {
        case none
        case write(ByteBuffer)
    }

    enum ResponseEndAction {
        case none
        /// Emit the exchange, then end the response; close afterwards unless `keepAlive`.
        case complete(Request, Response, keepAlive: Bool)
    }

    enum FailureAction {
        case none
        /// Write the failure as the response; close afterwards unless `keepAlive`. The request is
        /// given back so the driver can record it.
        case respond(ProxyFailure, Request?, keepAlive: Bool)
        /// Nothing can be answered any more (the response already started): close the connection.
        case close
    }

    enum TimeoutAction: Equatable {
        case none
        case close
    }

    private var state: State = .idle
    private let maxRequestBody: Int
    private let maxCapturedResponseBody: Int

    init(maxRequestBody: Int, maxCapturedResponseBody: Int) {
        self.maxRequestBody = maxRequestBody
        self.maxCapturedResponseBody = maxCapturedResponseBody
    }

    /// Whether an exchange is between its request head and its response end.
    var isBusy: Bool {
        switch state {
        case .receiving, .forwarding, .relaying: true
        case .idle, .rejected, .closed: false
        }
    }

    mutating func requestHead(_ head: HTTPRequestHead, now: NIODeadline, allocator: ByteBufferAllocator)
        -> HeadAction
    {
        guard case .idle = state else {
            // The pipelining handler only delivers one request at a time; anything else is a peer bug.
            if case .closed = state { return .none }
            state = .rejected
            return .reject(.malformedRequest("request head received before the previous request ended"))
        }
        if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > maxRequestBody {
            state = .rejected
            return .reject(.bodyTooLarge(limit: maxRequestBody))
        }
        state = .receiving(Request(head: head, body: allocator.buffer(capacity: 0), receivedAt: now))
        let expectsContinue = head.headers.first(name: "expect")?.lowercased() == "100-continue"
        return expectsContinue ? .sendContinue : .none
    }

    mutating func requestBody(_ buffer: inout ByteBuffer) -> BodyAction {
        guard case .receiving(var request) = state else { return .none }
        if request.body.readableBytes + buffer.readableBytes > maxRequestBody {
            state = .rejected
            return .reject(.bodyTooLarge(limit: maxRequestBody))
        }
        state = .closed  // avoid a copy-on-write of the body while it is out of the enum
        request.body.writeBuffer(&buffer)
        state = .receiving(request)
        return .none
    }

    mutating func requestEnd() -> EndAction {
        guard case .receiving(let request) = state else { return .none }
        state = .forwarding(request)
        return .forward(request)
    }

    mutating func responseHead(_ head: HTTPResponseHead, allocator: ByteBufferAllocator) -> ResponseHeadAction {
        guard case .forwarding(let request) = state else { return .none }
        let response = Response(head: head, captured: allocator.buffer(capacity: 0), size: 0, truncated: false)
        state = .relaying(request, response)
        return .write(head)
    }

    mutating func responseBody(_ buffer: ByteBuffer) -> ResponseBodyAction {
        guard case .relaying(let request, var response) = state else { return .none }
        state = .closed
        response.size += buffer.readableBytes
        let room = maxCapturedResponseBody - response.captured.readableBytes
        if buffer.readableBytes <= room {
            var copy = buffer
            response.captured.writeBuffer(&copy)
        } else {
            if room > 0, let slice = buffer.getSlice(at: buffer.readerIndex, length: room) {
                var slice = slice
                response.captured.writeBuffer(&slice)
            }
            response.truncated = true
        }
        state = .relaying(request, response)
        return .write(buffer)
    }

    mutating func responseEnd(upstreamKeepAlive: Bool) -> ResponseEndAction {
        guard case .relaying(let request, let response) = state else { return .none }
        let keepAlive = request.head.isKeepAlive
        state = keepAlive ? .idle : .closed
        return .complete(request, response, keepAlive: keepAlive)
    }

    /// The upstream failed, or the request could not be forwarded.
    mutating func upstreamFailed(_ failure: ProxyFailure) -> FailureAction {
        switch state {
        case .forwarding(let request):
            let keepAlive = request.head.isKeepAlive
            state = keepAlive ? .idle : .closed
            return .respond(failure, request, keepAlive: keepAlive)
        case .relaying:
            state = .closed
            return .close
        case .idle, .receiving, .rejected, .closed:
            return .none
        }
    }

    /// The client's bytes could not be parsed as HTTP.
    mutating func protocolError(_ detail: String) -> FailureAction {
        switch state {
        case .idle, .receiving:
            state = .rejected
            return .respond(.malformedRequest(detail), nil, keepAlive: false)
        case .forwarding, .relaying:
            state = .closed
            return .close
        case .rejected, .closed:
            return .none
        }
    }

    /// The client sent nothing for the idle timeout.
    mutating func idleTimeout() -> TimeoutAction {
        switch state {
        case .idle, .receiving, .rejected:
            state = .closed
            return .close
        case .forwarding, .relaying, .closed:
            return .none
        }
    }

    /// The request was not complete within the header timeout.
    mutating func requestTimeout() -> TimeoutAction {
        switch state {
        case .idle, .receiving, .rejected:
            state = .closed
            return .close
        case .forwarding, .relaying, .closed:
            return .none
        }
    }

    mutating func closed() {
        state = .closed
    }
}

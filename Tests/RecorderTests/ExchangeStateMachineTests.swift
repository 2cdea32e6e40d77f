import NIOCore
import NIOHTTP1
import Testing

@testable import Recorder

@Suite("Exchange state machine")
struct ExchangeStateMachineTests {
    let allocator = ByteBufferAllocator()

    func head(_ method: HTTPMethod = .POST, headers: [(String, String)] = [], version: HTTPVersion = .http1_1)
        -> HTTPRequestHead
    {
        HTTPRequestHead(version: version, method: method, uri: "/x", headers: HTTPHeaders(headers))
    }

    @Test("a complete request is forwarded with its whole body")
    func forwardsCompleteRequest() {
        var machine = ExchangeStateMachine(maxRequestBody: 10, maxCapturedResponseBody: 10)
        #expect(machine.requestHead(head(), now: .now(), allocator: allocator) == .none)
        var part1 = ByteBuffer(string: "abc")
        var part2 = ByteBuffer(string: "def")
        #expect(machine.requestBody(&part1) == .none)
        #expect(machine.requestBody(&part2) == .none)
        guard case .forward(let request) = machine.requestEnd() else {
            Issue.record("expected forward")
            return
        }
        #expect(String(buffer: request.body) == "abcdef")
        #expect(machine.isBusy)
    }

    @Test("a declared content-length over the limit is rejected at the head")
    func rejectsDeclaredLength() {
        var machine = ExchangeStateMachine(maxRequestBody: 10, maxCapturedResponseBody: 10)
        let action = machine.requestHead(head(headers: [("content-length", "11")]), now: .now(), allocator: allocator)
        #expect(action == .reject(.bodyTooLarge(limit: 10)))
        guard case .none = machine.requestEnd() else {
            Issue.record("a rejected request must not be forwarded")
            return
        }
    }

    @Test("a body that grows over the limit is rejected and never forwarded")
    func rejectsGrowingBody() {
        var machine = ExchangeStateMachine(maxRequestBody: 4, maxCapturedResponseBody: 10)
        _ = machine.requestHead(head(), now: .now(), allocator: allocator)
        var part = ByteBuffer(string: "abc")
        #expect(machine.requestBody(&part) == .none)
        var more = ByteBuffer(string: "de")
        #expect(machine.requestBody(&more) == .reject(.bodyTooLarge(limit: 4)))
        guard case .none = machine.requestEnd() else {
            Issue.record("a rejected request must not be forwarded")
            return
        }
    }

    @Test("Expect: 100-continue asks the driver to send 100 Continue")
    func expectContinue() {
        var machine = ExchangeStateMachine(maxRequestBody: 10, maxCapturedResponseBody: 10)
        let action = machine.requestHead(head(headers: [("expect", "100-continue")]), now: .now(), allocator: allocator)
        #expect(action == .sendContinue)
    }

    @Test("the response body is relayed whole but captured only up to the capture limit")
    func captureLimit() {
        var machine = ExchangeStateMachine(maxRequestBody: 10, maxCapturedResponseBody: 4)
        _ = machine.requestHead(head(.GET), now: .now(), allocator: allocator)
        _ = machine.requestEnd()
        _ = machine.responseHead(HTTPResponseHead(version: .http1_1, status: .ok), allocator: allocator)
        guard case .write(let written) = machine.responseBody(ByteBuffer(string: "abcdef")) else {
            Issue.record("expected the body to be relayed")
            return
        }
        #expect(String(buffer: written) == "abcdef")
        guard case .complete(_, let response, let keepAlive) = machine.responseEnd(upstreamKeepAlive: true) else {
            Issue.record("expected completion")
            return
        }
        #expect(String(buffer: response.captured) == "abcd")
        #expect(response.truncated)
        #expect(response.size == 6)
        #expect(keepAlive)
        #expect(!machine.isBusy)
    }

    @Test("an HTTP/1.0 request without keep-alive completes with a close")
    func http10Closes() {
        var machine = ExchangeStateMachine(maxRequestBody: 10, maxCapturedResponseBody: 10)
        _ = machine.requestHead(head(.GET, version: .http1_0), now: .now(), allocator: allocator)
        _ = machine.requestEnd()
        _ = machine.responseHead(HTTPResponseHead(version: .http1_1, status: .ok), allocator: allocator)
        guard case .complete(_, _, let keepAlive) = machine.responseEnd(upstreamKeepAlive: true) else {
            Issue.record("expected completion")
            return
        }
        #expect(!keepAlive)
    }

    @Test("an upstream failure before the response head is answered; after it the connection closes")
    func upstreamFailures() {
        var machine = ExchangeStateMachine(maxRequestBody: 10, maxCapturedResponseBody: 10)
        _ = machine.requestHead(head(.GET), now: .now(), allocator: allocator)
        _ = machine.requestEnd()
        guard case .respond(let failure, let request, let keepAlive) = machine.upstreamFailed(
            .upstreamUnreachable("http://u", cause: "refused"))
        else {
            Issue.record("expected a response")
            return
        }
        #expect(failure.status == 502)
        #expect(request?.head.uri == "/x")
        #expect(keepAlive)

        _ = machine.requestHead(head(.GET), now: .now(), allocator: allocator)
        _ = machine.requestEnd()
        _ = machine.responseHead(HTTPResponseHead(version: .http1_1, status: .ok), allocator: allocator)
        guard case .close = machine.upstreamFailed(.upstreamBroken("http://u", cause: "reset")) else {
            Issue.record("expected close once the response started")
            return
        }
    }

    @Test("timeouts close an idle connection but not one waiting for its upstream")
    func timeouts() {
        var machine = ExchangeStateMachine(maxRequestBody: 10, maxCapturedResponseBody: 10)
        _ = machine.requestHead(head(.GET), now: .now(), allocator: allocator)
        _ = machine.requestEnd()
        #expect(machine.idleTimeout() == .none)
        #expect(machine.requestTimeout() == .none)
        _ = machine.responseHead(HTTPResponseHead(version: .http1_1, status: .ok), allocator: allocator)
        _ = machine.responseEnd(upstreamKeepAlive: true)
        #expect(machine.idleTimeout() == .close)
    }

    @Test("a parse error while idle is answered with 400 and no request")
    func parseError() {
        var machine = ExchangeStateMachine(maxRequestBody: 10, maxCapturedResponseBody: 10)
        guard case .respond(let failure, let request, let keepAlive) = machine.protocolError("bad header") else {
            Issue.record("expected a response")
            return
        }
        #expect(failure.status == 400)
        #expect(failure.message.contains("bad header"))
        #expect(request == nil)
        #expect(!keepAlive)
    }
}

import Foundation
import NativeAuthWire

/// What the driver hands a V2 machine after a call: the answer of any status, or why none came.
enum V2Answer: Sendable, Hashable {
    case response(statusCode: Int, body: Data)
    /// No answer: a transport failure, or a link the policy refused (nothing was sent then).
    case failed(String)
}

/// What a V2 machine asks the driver to do next.
enum V2Step: Sendable {
    case send(V2Call)
    /// Wait this many seconds on the engine's clock, then call `waited`.
    case wait(seconds: Double)
    case finish(MSALNativeAuthV2Result)
}

/// A value-type machine for one V2 user operation; it never performs I/O.
protocol V2Machine: Sendable {
    mutating func start() -> V2Step
    mutating func receive(_ answer: V2Answer) -> V2Step
    /// Called after a `.wait` elapsed.
    mutating func waited() -> V2Step
}

extension V2Machine {
    mutating func waited() -> V2Step { start() }
}

/// Runs V2 machines over the engine's ``Transport``. Unlike V1 there is no retry and no PKeyAuth answer:
/// every status's body goes to the machine (spec native-auth-v2 §3.2).
enum V2Driver {
    static func run<M: V2Machine>(_ machine: M, flow: V2FlowContext) async -> MSALNativeAuthV2Result {
        var machine = machine
        var step = machine.start()
        while true {
            switch step {
            case .send(let call):
                step = machine.receive(await exchange(call, flow: flow))
            case .wait(let seconds):
                try? await flow.engine.clock.sleep(seconds: seconds)
                step = machine.waited()
            case .finish(let result):
                flow.engine.outcomeObserver?(result.outcome)
                return result
            }
        }
    }

    static func exchange(_ call: V2Call, flow: V2FlowContext) async -> V2Answer {
        let request: NativeAuthHTTPRequest
        switch makeRequest(call, flow: flow) {
        case .success(let built): request = built
        case .failure(let refusal): return .failed("link refused: \(refusal.reason)")
        }
        do {
            let response = try await flow.engine.transport.send(request)
            return .response(statusCode: response.statusCode, body: response.body)
        } catch let error as TransportError {
            return .failed(error.description)
        } catch {
            return .failed("transport error: \(String(describing: type(of: error)))")
        }
    }

    /// The HTTP request for a call: MSAL's headers (spec §1.10) with this engine's SKU; a form body with
    /// `client_id` first only where the call lists it.
    static func makeRequest(_ call: V2Call, flow: V2FlowContext) -> Result<NativeAuthHTTPRequest, V2LinkResolver.Refusal> {
        let url: URL
        switch call.target {
        case .fixed(let path): url = flow.links.fixed(path)
        case .link(let href):
            switch flow.links.resolve(href) {
            case .success(let resolved): url = resolved
            case .failure(let refusal): return .failure(refusal)
            }
        }
        let contentType: String
        let body: Data
        switch call.body {
        case .form(let fields):
            contentType = "application/x-www-form-urlencoded"
            body = FormCodec.encodedBytes(fields).withUnsafeBufferPointer { Data(buffer: $0) }
        case .json(let members):
            contentType = "application/json"
            body = V2JSONWriter.encode(members)
        }
        let headers = [
            NativeAuthHTTPHeader("Content-Type", contentType),
            NativeAuthHTTPHeader("Accept", "application/json"),
            NativeAuthHTTPHeader("client-request-id", flow.correlationId.uuidString.uppercased()),
            NativeAuthHTTPHeader("return-client-request-id", "true"),
            NativeAuthHTTPHeader("x-client-SKU", EngineConfiguration.sku),
            NativeAuthHTTPHeader("x-client-Ver", EngineConfiguration.version),
        ]
        return .success(NativeAuthHTTPRequest(method: call.method, url: url, headers: headers, body: body))
    }
}

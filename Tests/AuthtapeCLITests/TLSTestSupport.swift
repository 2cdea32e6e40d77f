import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import NativeAuth

extension LiveProcess {
    /// The CA certificate the process created in its `AUTHTAPE_HOME`.
    var caCertificatePath: String { (home ?? URL(fileURLWithPath: "/nonexistent")).appendingPathComponent("ca/authtape-ca.pem").path }
}

/// An HTTPS client whose only trusted root is the PEM certificate at `caPath` (or, with nil, the
/// system's roots): host names and addresses are checked against the certificate as usual.
func makeHTTPSClient(trusting caPath: String?) throws -> HTTPClient {
    var tls = TLSConfiguration.makeClientConfiguration()
    if let caPath { tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caPath)) }
    tls.certificateVerification = .fullVerification
    var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
    configuration.timeout = .init(connect: .seconds(5), read: .seconds(20))
    return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
}

/// The engine's transport over an ``HTTPClient`` (the live transport the tests give the engine).
struct HTTPClientTransport: Transport {
    let client: HTTPClient

    func send(_ request: NativeAuthHTTPRequest) async throws -> NativeAuthHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        do {
            let response = try await client.execute(outgoing, timeout: .seconds(20))
            let body = try await response.body.collect(upTo: 4 << 20)
            return NativeAuthHTTPResponse(
                statusCode: Int(response.status.code),
                headers: response.headers.map { NativeAuthHTTPHeader($0.name, $0.value) }, body: Data(body.readableBytesView))
        } catch {
            throw TransportError(.other, message: "\(type(of: error)): \(error)")
        }
    }
}

/// One request with `client`: the status and body, or the error that stopped it.
func fetch(
    _ client: HTTPClient, _ url: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], form: String? = nil,
    json: [String: String]? = nil
) async throws -> (status: Int, body: [UInt8]) {
    var request = HTTPClientRequest(url: url)
    request.method = method
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let form {
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: form))
    } else if let json {
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])))
    }
    let response = try await client.execute(request, timeout: .seconds(20))
    let body = try await response.body.collect(upTo: 4 << 20)
    return (Int(response.status.code), Array(buffer: body))
}

/// A fresh directory for one test's `AUTHTAPE_HOME`.
func temporaryHome() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs `authtape` to the end with `AUTHTAPE_HOME` set to `home`.
func runCLI(_ arguments: [String], home: URL) throws -> CLIRunner.Result {
    var environment = ProcessInfo.processInfo.environment
    environment["AUTHTAPE_HOME"] = home.path
    return try CLIRunner.run(arguments, environment: environment)
}

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import NativeAuth

/// A running `authtape` with its own `AUTHTAPE_HOME` (so its CA is created in a temporary directory),
/// whose standard output and standard error are collected as they arrive.
final class TLSLiveProcess: @unchecked Sendable {
    let process = Process()
    /// The `AUTHTAPE_HOME` of the run; the CA is in `home/ca`.
    let home: URL
    private let lock = NSLock()
    private var text = ""

    init(_ arguments: [String], home: URL) throws {
        self.home = home
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = CLIRunner.repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["AUTHTAPE_HOME"] = home.path
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        for pipe in [out, err] {
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                self.lock.withLock { self.text += String(decoding: data, as: UTF8.self) }
            }
        }
        try process.run()
    }

    /// Both streams as read so far, interleaved as they arrived.
    var output: String { lock.withLock { text } }

    /// The CA certificate the process created in its `AUTHTAPE_HOME`.
    var caCertificatePath: String { home.appendingPathComponent("ca/authtape-ca.pem").path }

    /// Waits until the output matches `pattern`; returns the first capture group (or the whole match).
    func await(_ pattern: String, seconds: Double = 30) async throws -> String? {
        let regex = try NSRegularExpression(pattern: pattern)
        var end = Date().addingTimeInterval(seconds)
        var exited = false
        // The output is read again after every sleep, the last one included: on a loaded machine a sleep
        // can end well past the deadline, and what arrived meanwhile still counts.
        while true {
            let current = output
            if let match = regex.firstMatch(in: current, range: NSRange(current.startIndex..., in: current)) {
                let range = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
                return Range(range, in: current).map { String(current[$0]) }
            }
            if Date() >= end { return nil }
            // After the process ends, what it wrote last may still be on its way through the pipe.
            if !exited, !process.isRunning {
                exited = true
                end = min(end, Date().addingTimeInterval(1))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Sends SIGINT and waits for the process to end.
    func interrupt() {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
    }
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
    _ client: HTTPClient, _ url: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], form: String? = nil
) async throws -> (status: Int, body: [UInt8]) {
    var request = HTTPClientRequest(url: url)
    request.method = method
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let form {
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: form))
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
    let process = Process()
    process.executableURL = CLIRunner.executable
    process.arguments = arguments
    process.currentDirectoryURL = CLIRunner.repositoryRoot
    var environment = ProcessInfo.processInfo.environment
    environment["AUTHTAPE_HOME"] = home.path
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Standard error is read on its own thread so neither pipe can fill up and stall the process.
    let errData = LockedData()
    let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errData.isSet { Thread.sleep(forTimeInterval: 0.01) }
    return CLIRunner.Result(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData.value, as: UTF8.self))
}

/// Data handed from one thread to another.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}

import Foundation
import HAR

/// A fresh temporary directory for one test.
func makeTemporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "har-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The permission bits of a file.
func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// An entry like the recorder writes, varied by `index`.
func sampleEntry(_ index: Int, redactions: [String: Int] = ["password": 1, "continuationToken": 2]) -> HAREntry {
    HAREntry(
        startedDateTime: "2026-11-20T10:15:0\(index % 10).000Z", time: 10.25 + Double(index),
        request: HARRequest(
            method: "POST", url: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/signup/v1.0/start",
            headers: [HARHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
            postData: HARPostData(
                mimeType: "application/x-www-form-urlencoded", text: "client_id=1111&password=«redacted»&n=\(index)"),
            headersSize: 120, bodySize: 40),
        response: HARResponse(
            status: 200, statusText: "OK",
            headers: [HARHeader(name: "Content-Type", value: "application/json")],
            content: HARContent(
                body: Array("{\"continuation_token\":\"tok-\(index)\",\"é\":\"\\n\"}".utf8),
                mimeType: "application/json"),
            headersSize: 90, bodySize: 30),
        timings: HARTimings(blocked: -1, dns: -1, connect: 1, send: 0.5, wait: 8.75, receive: 1),
        serverIPAddress: "127.0.0.1", connection: "\(50000 + index)",
        authtape: AuthTapeEntryFields(
            flowId: "flow-\(index / 3)", flowKind: "signUp", step: "signup/v1.0/start", redactions: redactions,
            expectedOutcome: AuthTapeExpectedOutcome(
                callback: "onSignUpCodeRequired", newState: "SignUpCodeRequiredState", newStateToken: "new")),
        extensions: ["_custom": ["index": .int(index)]])
}

/// A document like the recorder writes.
func sampleDocument(
    entries: Int = 4, redactions: [String: Int] = ["password": 1, "continuationToken": 2]
) -> HARDocument {
    HARDocument(
        log: HARLog(
            creator: HARCreator(name: "authtape", version: "0.1.0"),
            entries: (0..<entries).map { sampleEntry($0, redactions: redactions) },
            authtape: AuthTapeLogFields(
                toolVersion: "0.1.0", upstream: "https://contoso.ciamlogin.com", tenant: "contoso",
                mode: "reverse-proxy")))
}

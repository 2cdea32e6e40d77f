import Foundation
import HAR
import Redaction
import Testing

@testable import Fuzz

/// What a V2 campaign leaves in its `--out` folder: reports `authtape view` reads, and repro captures free
/// of the secrets the V2 flows use.
@Suite("V2 campaign output")
struct FuzzV2OutputTests {
    /// The V2 flows' typed secrets and the secrets their server answers hand out (V2BaseFlows, V2Answers).
    static let canaries = [
        "Sunny-Day-42!", "wrong-Passw0rd", "48213907", "20491877", "39104411", "11112222", "AC-1.AQABfuzz",
        "1.AXfuzz-refresh", "eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJmdXp6In0.c2ln", "eyJ0eXAiOiJKV1QifQ.eyJvaWQiOiJmdXp6In0.c2ln",
    ]

    /// The real V2 engine with a planted fault applied to what it did, as the fault proof judges it.
    struct FaultySource: V2OutcomeSource {
        let fault: PlantedFault
        func observe(flow: V2FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
            fault.apply(flow: flow, action: action, to: await V2EngineSource().observe(flow: flow, action: action, responses: responses))
        }
    }

    @Test("fuzz --flows v2 --out writes the campaign's report.json, and view shows the V2 campaign")
    func v2CampaignFolderIsViewed() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("campaign").path
        let fuzz = try CLIRunner.run(["fuzz", "--flows", "v2", "--seed", "3", "--cases", "40", "--no-transport-faults", "--out", out])
        #expect(fuzz.status == 0, "\(fuzz.stdout)\n\(fuzz.stderr)")
        for name in ["summary.txt", "report.json", "junit.xml", "report.md"] {
            #expect(FileManager.default.fileExists(atPath: (out as NSString).appendingPathComponent(name)), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: (out as NSString).appendingPathComponent("v2-report.json")))
        let json = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: out + "/report.json"))))
        #expect(json["tool"]?.stringValue == "authtape fuzz v2")
        #expect(json["cases"]?.intValue == 40)

        let page = folder.appendingPathComponent("page.html").path
        let view = try CLIRunner.run(["view", out, "--out", page])
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout.contains(", 1 fuzz reports"), "\(view.stdout)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("Fuzz report: cases, seed 3"))
        #expect(html.contains("<div><b>40</b>cases</div>"))
    }

    @Test("every repro capture of a seeded V2 campaign with a planted fault passes every detector of the leak scan, the flows' secrets as canaries")
    func v2ReproCapturesDoNotLeak() async throws {
        let fault = try #require(PlantedFaults.v2.first { $0.name == "v2.invalidOneTimeCodeAsGeneral" })
        let runner = V2Runner(configuration: V2Configuration(seed: 2, cases: 600, caseTimeout: 10, minimise: false),
                              source: FaultySource(fault: fault))
        let result = await runner.run()
        #expect(!result.findings.findings.isEmpty, "the planted fault gave no finding")
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try await FuzzCampaign.writeV2Repros(result, runner: runner, directory: folder.appendingPathComponent("findings").path)
        let paths = written.findings.findings.compactMap(\.reproPath)
        #expect(paths.count == result.findings.findings.count)
        let scanner = LeakScanner(canaries: Self.canaries, workers: 1)
        for path in paths {
            // Every detector of `authtape check`, not only the canaries: usernames, hints, attribute values and
            // method ids (in bodies, hrefs and request paths) are placeholders too, of kinds check reads as such.
            let findings = try scanner.scan(path: path)
            #expect(findings.isEmpty, "\(path): \(findings.map(\.description))")
        }
        // The same scan finds a canary left in a capture.
        let leaky = HARDocument(log: HARLog(creator: HARCreator(name: "test", version: "1"), entries: [HAREntry(
            startedDateTime: "2026-11-28T10:00:00.000Z", time: 1,
            request: HARRequest(method: "POST", url: "https://login.contoso.com/t/api/v2.0/auth/methods/password/pw/verify",
                                headers: [], postData: HARPostData(mimeType: "application/json", text: #"{"password":"Sunny-Day-42!"}"#)),
            response: HARResponse(status: 200, headers: [], content: HARContent(body: Array("{}".utf8), mimeType: "application/json")))]))
        #expect(try scanner.scan(bytes: HARWriter.bytes(leaky), file: "leaky.har").contains { $0.detector == "canary" })
    }
}

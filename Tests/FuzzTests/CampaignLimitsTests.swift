import Testing

@testable import Fuzz

/// The limits V1 and V2 campaigns share (``CampaignLimits``): one set of defaults and one clamping.
struct CampaignLimitsTests {
    @Test("V1 and V2 configurations clamp what a user writes the same way: at least one job, a deadline within 1 ms and a day, NaN the default")
    func bothConfigurationsClampAlike() {
        for (jobs, timeout, clampedJobs, clampedTimeout) in [(0, Double.nan, 1, 2.0), (-3, -5.0, 1, 0.001), (4, 1e9, 4, 86_400.0)] {
            let v1 = FuzzConfiguration(seed: 1, jobs: jobs, caseTimeout: timeout)
            let v2 = V2Configuration(seed: 1, jobs: jobs, caseTimeout: timeout)
            #expect(v1.limits == v2.limits)
            #expect(v1.jobs == clampedJobs)
            #expect(v2.caseTimeout == clampedTimeout)
        }
    }

    @Test("a campaign without a case count runs 1,000 cases, or until its duration ends when it has one")
    func caseLimitDefaults() {
        #expect(FuzzConfiguration(seed: 1).caseLimit == 1_000)
        #expect(V2Configuration(seed: 1, duration: 5).caseLimit == Int.max)
        #expect(V2Configuration(seed: 1, cases: 7, duration: 5).caseLimit == 7)
    }
}

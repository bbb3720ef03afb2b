// HTTPServerTests — HTTP dates

import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP dates")
struct HTTPDateTests {
    @Test(
        "IMF-fixdate matches known instants",
        arguments: [
            (0, "Thu, 01 Jan 1970 00:00:00 GMT"), (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
            (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"), (1_709_251_199, "Thu, 29 Feb 2024 23:59:59 GMT"),
            (4_102_444_800, "Fri, 01 Jan 2100 00:00:00 GMT"), (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
        ])
    func formats(_ seconds: Int, _ expected: String) {
        #expect(HTTPDate.format(secondsSinceEpoch: seconds) == expected)
    }
}

// ListServer — ListServerTests
import Testing
@testable import ListServer

@Test("the module links") func moduleLinks() {
    #expect(Bool(true))
}

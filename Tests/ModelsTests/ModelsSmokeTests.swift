// ListServer — ModelsTests
import Testing
@testable import Models

@Test("the module links") func moduleLinks() {
    #expect(Bool(true))
}

// ListRenderTests — ListRenderSmokeTests
import Testing
@testable import ListRender

@Test("the module links") func moduleLinks() {
    #expect(Bool(true))
}

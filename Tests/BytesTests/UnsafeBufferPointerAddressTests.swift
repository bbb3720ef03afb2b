// BytesTests — UnsafeBufferPointer+Address
import Bytes
import Testing

@Suite("UnsafeBufferPointer.address(at:)")
struct UnsafeBufferPointerAddressTests {
    @Test("the address at each index is that element's, for every index of buffers of 1 to 8 elements")
    func pointsAtEachElement() {
        for count in 1...8 {
            let values = (0..<count).map { "element \($0)" }
            values.withUnsafeBufferPointer { buffer in
                for index in 0..<count {
                    #expect(buffer.address(at: index) == buffer.baseAddress! + index)
                    #expect(buffer.address(at: index).pointee == values[index])
                }
            }
        }
    }
}

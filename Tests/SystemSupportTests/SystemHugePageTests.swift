// SystemSupportTests — dense anonymous memory collapsed into 2 MiB pages, sparse memory left alone
import Glibc
import SystemSupport
import Testing

@Suite("Huge pages: dense memory collapsed, sparse memory left as it is")
struct SystemHugePageTests {
    /// Whether the kernel offers transparent huge pages at all (`never` refuses every collapse).
    private static var kernelOffersHugePages: Bool {
        guard let file = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r") else { return false }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, Int32(line.count), file) != nil else { return false }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return !text.contains("[never]")
    }

    /// The 2 MiB-aligned range inside a fresh private anonymous mapping of 8 MiB, and the mapping.
    private static func mapping() throws -> (mapping: UnsafeMutableRawPointer, aligned: UnsafeMutableRawPointer) {
        let bytes = 8 << 20
        let memory = try #require(
            mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0).flatMap {
                $0 == MAP_FAILED ? nil : $0
            })
        let address = Int(bitPattern: memory)
        let aligned = (address + System.hugePageBytes - 1) / System.hugePageBytes * System.hugePageBytes
        return (memory, UnsafeMutableRawPointer(bitPattern: aligned)!)
    }

    /// How many of the 4 KiB pages of the huge page at `address` are resident.
    private static func residentPages(_ address: UnsafeMutableRawPointer) -> Int {
        var pages = [UInt8](repeating: 0, count: System.hugePageBytes / 4096)
        guard mincore(address, System.hugePageBytes, &pages) == 0 else { return -1 }
        return pages.reduce(0) { $0 + Int($1 & 1) }
    }

    /// The `AnonHugePages` of the mapping that holds `address`, in KiB, from `/proc/self/smaps`.
    private static func anonHugeKiB(holding address: UnsafeMutableRawPointer) -> Int {
        guard let file = fopen("/proc/self/smaps", "r") else { return -1 }
        defer { fclose(file) }
        let target = UInt(bitPattern: address)
        var inside = false
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
            } else if inside, text.hasPrefix("AnonHugePages:"), fields.count >= 2 {
                return Int(fields[1]) ?? -1
            }
        }
        return -1
    }

    @Test("a fully written 2 MiB range is collapsed and keeps its bytes; an untouched one stays unresident")
    func denseAndSparse() throws {
        let (memory, aligned) = try Self.mapping()
        defer { munmap(memory, 8 << 20) }
        // The first huge page written in full, the next touched in one 4 KiB page only.
        let dense = aligned.bindMemory(to: UInt8.self, capacity: System.hugePageBytes)
        for index in 0..<System.hugePageBytes { dense[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        let sparse = aligned + System.hugePageBytes
        sparse.storeBytes(of: 1, as: UInt8.self)
        #expect(Self.residentPages(sparse) == 1)

        let outcome = System.collapseIntoHugePages()
        if Self.kernelOffersHugePages {
            #expect(outcome.collapsedBytes >= System.hugePageBytes, "\(outcome)")
            #expect(Self.anonHugeKiB(holding: aligned) >= System.hugePageBytes / 1024, "the dense range is a huge page")
        } else {
            #expect(outcome.collapsedBytes == 0)
        }
        #expect(Self.residentPages(sparse) == 1, "a sparse range is not filled in")
        #expect((0..<System.hugePageBytes).allSatisfy { dense[$0] == UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    }
}

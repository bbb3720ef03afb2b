// SystemSupport — system calls: the process's memory
#if canImport(Glibc)
    import Glibc
#endif

extension System {
    /// What ``collapseIntoHugePages(minimumResidentFraction:)`` did.
    package struct HugePageCollapse: Equatable, Sendable {
        /// Bytes of 2 MiB ranges the kernel now backs with huge pages (collapsed now or before).
        package var collapsedBytes = 0
        /// Bytes of 2 MiB ranges resident enough to be collapsed that the kernel would not collapse
        /// (no huge page free, or huge pages turned off).
        package var refusedBytes = 0
    }

    /// The size of a huge page on x86-64 and most arm64 kernels: a page-middle-directory entry.
    package static let hugePageBytes = 2 << 20

    /// Asks the kernel to back the process's densely used private anonymous memory (the heap and large
    /// `malloc` mappings) with 2 MiB pages, so that reading large data at random (a million rows) takes
    /// far fewer TLB misses, which in a virtual machine each cost a two-level page walk.
    ///
    /// Only whole, 2 MiB-aligned ranges that are almost all resident already (`mincore`) are collapsed
    /// (`madvise(MADV_COLLAPSE)`), so the resident size grows by at most the pages that were missing
    /// from them; thread stacks and sparse mappings are left as they are. The kernel copies each range
    /// into a huge page and maps it in place: the memory keeps its contents and addresses, and other
    /// threads may read and write it meanwhile. Kernels without `MADV_COLLAPSE` (before 6.1) or with
    /// huge pages turned off refuse every range, which is harmless.
    /// - Parameters:
    ///   - minimumResidentFraction: how much of a range must be resident for it to be collapsed.
    ///   - afterRange: called after each range the kernel was asked to collapse (to pace the work).
    /// - Complexity: O(mapped bytes / 4 KiB) for `mincore`, plus a copy of each collapsed range.
    @discardableResult
    package static func collapseIntoHugePages(
        minimumResidentFraction: Double = 0.9, afterRange: () -> Void = {}
    ) -> HugePageCollapse {
        var outcome = HugePageCollapse()
        let pageBytes = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard pageBytes > 0, hugePageBytes % pageBytes == 0 else { return outcome }
        let pagesPerHugePage = hugePageBytes / pageBytes
        let wanted = Int((Double(pagesPerHugePage) * minimumResidentFraction).rounded(.up))
        var residency = [UInt8](repeating: 0, count: pagesPerHugePage)
        for mapping in privateAnonymousMappings() {
            var start = (mapping.start + hugePageBytes - 1) / hugePageBytes * hugePageBytes
            while start + hugePageBytes <= mapping.end {
                defer { start += hugePageBytes }
                let address = UnsafeMutableRawPointer(bitPattern: start)
                let resident = residency.withUnsafeMutableBufferPointer { pages -> Int in
                    guard mincore(address, hugePageBytes, pages.baseAddress) == 0 else { return 0 }
                    return pages.reduce(0) { $0 + Int($1 & 1) }
                }
                guard resident >= wanted else { continue }
                if madvise(address, hugePageBytes, madviseCollapse) == 0 {
                    outcome.collapsedBytes += hugePageBytes
                } else {
                    outcome.refusedBytes += hugePageBytes
                }
                afterRange()
            }
        }
        return outcome
    }

    /// `MADV_COLLAPSE` (Linux 6.1), which older C headers do not name.
    private static let madviseCollapse: Int32 = 25

    /// The private, writable, anonymous mappings of the process (the heap among them), from
    /// `/proc/self/maps`, whose size is at least a huge page; the stack is left out.
    static func privateAnonymousMappings() -> [(start: Int, end: Int)] {
        guard let file = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(file) }
        var mappings: [(start: Int, end: Int)] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            // start-end perms offset dev inode [path]
            let fields = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard fields.count >= 5, fields[1] == "rw-p", fields[4] == "0" else { continue }
            if fields.count > 5 && fields[5] != "[heap]" { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = Int(bounds[0], radix: 16), let end = Int(bounds[1], radix: 16),
                end - start >= hugePageBytes
            else { continue }
            mappings.append((start, end))
        }
        return mappings
    }
}

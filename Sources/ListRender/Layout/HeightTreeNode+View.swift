// ListRender — the query path's flat, unretained copy of one `HeightTreeNode`

extension HeightTreeNode {
    /// The query path's copy of one node: its entries (heights in a leaf, child totals in a
    /// branch), their running sums, and in a branch the running counts of its children and
    /// unretained references to them, side by side in one block the node allocates and frees.
    ///
    /// A view is one pointer, so copying one, or reading a child's, costs no retain or release;
    /// a descent from the root touches one block per level and finds its entry in the running
    /// sums. A view is valid while its node is alive and unchanged: the node
    /// rebuilds it in `refresh()`, which every mutation ends with, and nodes change only while
    /// one tree holds them uniquely, so no query ever sees a view being rebuilt.
    ///
    /// `@unchecked Sendable` for the same reason as the node: a view's memory is written only when
    /// it is built, before any other thread can reach it, and freed only when its node changes
    /// or dies, which no thread holding the tree can observe.
    struct View: @unchecked Sendable {
        /// The memory this view owns: four header words (the number of entries, shifted left once,
        /// plus 1 for a leaf; the number of entries the block has room for; the total of the heights
        /// under the node; the number of elements under it), the summary (one word for every eight
        /// entries of room), then, each in room for that many, the entries, their running sums, and
        /// in a branch the running counts and the children. Nil for a view of no entries.
        ///
        /// The totals in the header are what a cursor reads first, so that entering a node not in
        /// the cache costs one wait for memory for its header rather than one more for the last of
        /// its running sums.
        private let block: UnsafeMutableRawPointer?

        /// The number of entries.
        @inline(__always)
        var count: Int {
            guard let block else { return 0 }
            return block.load(as: Int.self) >> 1
        }

        /// Whether the node is a leaf.
        @inline(__always)
        var isLeaf: Bool {
            guard let block else { return true }
            return block.load(as: Int.self) & 1 == 1
        }

        /// The number of entries the block has room for.
        @inline(__always)
        private var capacity: Int {
            guard let block else { return 0 }
            return block.load(fromByteOffset: 8, as: Int.self)
        }

        /// `summary[r]` is `ends[8 r + 7]`, the last running sum of each whole run of eight entries,
        /// next to the header: a search finds its run in the line or two of the summary rather than
        /// reading a line of `ends` for every run.
        @inline(__always)
        var summary: UnsafeMutablePointer<Double> {
            (block.unsafelyUnwrapped + Self.headerBytes).assumingMemoryBound(to: Double.self)
        }

        /// Where the entries start: after the header and the summary.
        @inline(__always)
        private var entriesOffset: Int { Self.headerBytes + Self.summaryRoom(capacity) * 8 }

        /// The words of summary of a block with room for `room` entries: one per whole run of eight.
        @inline(__always)
        private static func summaryRoom(_ room: Int) -> Int { room >> 3 }

        /// The entries: heights in a leaf, child totals in a branch.
        @inline(__always)
        var entries: UnsafeMutablePointer<Double> {
            (block.unsafelyUnwrapped + entriesOffset).assumingMemoryBound(to: Double.self)
        }

        /// `ends[i]` is the sum of the entries `0...i`, added in order.
        @inline(__always)
        var ends: UnsafeMutablePointer<Double> {
            (block.unsafelyUnwrapped + entriesOffset + capacity * 8).assumingMemoryBound(to: Double.self)
        }

        /// A branch: `countEnds[i]` is the number of elements under children `0...i`.
        @inline(__always)
        var countEnds: UnsafeMutablePointer<Int> {
            (block.unsafelyUnwrapped + entriesOffset + capacity * 16).assumingMemoryBound(to: Int.self)
        }

        /// A branch: the children, unretained (the node's `children` array owns them).
        @inline(__always)
        var children: UnsafeMutablePointer<Unmanaged<HeightTreeNode>> {
            (block.unsafelyUnwrapped + entriesOffset + capacity * 24)
                .assumingMemoryBound(to: Unmanaged<HeightTreeNode>.self)
        }

        /// The bytes of the header, before the entries.
        @inline(__always)
        static var headerBytes: Int { 32 }

        /// The number of elements under the node.
        @inline(__always)
        var elementCount: Int {
            guard let block else { return 0 }
            return block.load(fromByteOffset: 24, as: Int.self)
        }

        /// The sum of the heights under the node: the last running sum.
        @inline(__always)
        var total: Double {
            guard let block else { return 0 }
            return block.load(fromByteOffset: 16, as: Double.self)
        }

        /// A view of no entries, which owns no memory.
        static var none: View { View(isLeaf: true, count: 0, room: 0) }

        private init(isLeaf: Bool, count: Int, room: Int) {
            guard count > 0 else {
                block = nil
                return
            }
            let room = Swift.max(room, count)
            let summaryRoom = Self.summaryRoom(room)
            let header = Self.headerBytes + summaryRoom * 8
            let block = UnsafeMutableRawPointer.allocate(
                byteCount: header + room * (isLeaf ? 2 : 4) * 8, alignment: 8)
            block.storeBytes(of: count << 1 | (isLeaf ? 1 : 0), as: Int.self)
            block.storeBytes(of: room, toByteOffset: 8, as: Int.self)
            (block + Self.headerBytes).bindMemory(to: Double.self, capacity: summaryRoom + 2 * room)
            if !isLeaf {
                (block + header + room * 16).bindMemory(to: Int.self, capacity: room)
                (block + header + room * 24).bindMemory(to: Unmanaged<HeightTreeNode>.self, capacity: room)
            }
            self.block = block
        }

        /// The view of a leaf holding `values`, with room for `room` entries (at least as many).
        init(leaf values: [Double], room: Int = 0) {
            self.init(isLeaf: true, count: values.count, room: room)
            fill(leaf: values)
        }

        /// The view of a branch over `children`, with their counts and totals, with room for `room`
        /// entries (at least as many).
        init(branch children: [HeightTreeNode], counts: [Int], totals: [Double], room: Int = 0) {
            self.init(isLeaf: false, count: children.count, room: room)
            fill(branch: children, counts: counts, totals: totals)
        }

        /// Whether this view's block has room for a node of `count` entries of this kind, so
        /// `fill` can rewrite it in place.
        func fits(isLeaf: Bool, count: Int) -> Bool {
            count > 0 && count <= capacity && self.isLeaf == isLeaf
        }

        /// The room to give a view of `count` entries that did not fit its old block: some
        /// slack, so that the next insertions into the node rewrite it in place.
        static func room(for count: Int) -> Int {
            count + Swift.max(4, count / 8)
        }

        /// Writes a leaf's `values` and their running sums into this view.
        /// - Precondition: the view's block has room for `values.count` entries and is a leaf's.
        func fill(leaf values: [Double]) {
            guard !values.isEmpty else { return }
            block.unsafelyUnwrapped.storeBytes(of: values.count << 1 | 1, as: Int.self)
            let entries = entries
            let ends = ends
            var sum = 0.0
            for (index, value) in values.enumerated() {
                entries[index] = value
                sum += value
                ends[index] = sum
            }
            storeHeader(sum, values.count)
        }

        /// Writes the header's total and element count, and the summary of the running sums just written.
        private func storeHeader(_ total: Double, _ elementCount: Int) {
            block.unsafelyUnwrapped.storeBytes(of: total, toByteOffset: 16, as: Double.self)
            block.unsafelyUnwrapped.storeBytes(of: elementCount, toByteOffset: 24, as: Int.self)
            let (summary, ends, count) = (summary, ends, count)
            var run = 0
            while run &* 8 &+ 7 < count {
                summary[run] = ends[run &* 8 &+ 7]
                run &+= 1
            }
        }

        /// Writes a branch's children, their counts and totals, and the running sums into this view.
        /// - Precondition: the view's block has room for `children.count` entries and is a branch's.
        func fill(branch children: [HeightTreeNode], counts: [Int], totals: [Double]) {
            guard !children.isEmpty else { return }
            block.unsafelyUnwrapped.storeBytes(of: children.count << 1, as: Int.self)
            let (entries, ends, countEnds, references) = (entries, ends, countEnds, self.children)
            var sum = 0.0
            var number = 0
            for index in children.indices {
                entries[index] = totals[index]
                sum += totals[index]
                ends[index] = sum
                number += counts[index]
                countEnds[index] = number
                references[index] = Unmanaged.passUnretained(children[index])
            }
            storeHeader(sum, number)
        }

        /// Frees the block; the view must not be used afterwards.
        func deallocate() {
            block?.deallocate()
        }

        /// Where entry `index` starts, measured from the node's start: the running sum before it.
        @inline(__always)
        func start(ofEntry index: Int) -> Double {
            index == 0 ? 0 : ends[index - 1]
        }

        /// The first entry that ends after `offset`, where the node starts at `base`: the first
        /// `i` with `base + ends[i] > offset`; the last entry when none does.
        ///
        /// The running sums are sorted. The search first counts, without a branch, the runs of
        /// eight whose last sum ends at or before `offset`, from the summary (a line or two, read
        /// together, so a node that is not in the cache costs one wait for memory rather than the
        /// seven of a binary search), then steps through the one run left.
        /// - Precondition: the node has at least one entry.
        /// - Complexity: O(entries / 8 + 8).
        @inline(__always)
        func entry(endingAfter offset: Double, base: Double) -> Int {
            let last = count - 1
            var runs = 0
            if last > 7 {
                let summary = summary
                var run = 0
                // Run `run` ends at entry 8 run + 7; the runs before the last entry are counted.
                while run &* 8 &+ 7 < last {
                    runs &+= base + summary[run] <= offset ? 1 : 0
                    run &+= 1
                }
            }
            var first = runs &* 8
            let end = Swift.min(first &+ 8, last)
            while first < end && base + ends[first] <= offset {
                first &+= 1
            }
            return first
        }

        /// A branch: the child holding element `index` and the index inside it, by binary search
        /// over the running counts.
        /// - Precondition: `0 <= index < ` the number of elements under the node.
        /// - Complexity: O(log entries).
        @inline(__always)
        func childSlot(containing index: Int) -> (slot: Int, local: Int) {
            var low = 0
            var high = count - 1
            while low < high {
                let middle = (low + high) >> 1
                if countEnds[middle] > index {
                    high = middle
                } else {
                    low = middle + 1
                }
            }
            return (low, low == 0 ? index : index - countEnds[low - 1])
        }

        /// A branch: the elements under the children before `slot`.
        @inline(__always)
        func elements(before slot: Int) -> Int {
            slot == 0 ? 0 : countEnds[slot - 1]
        }

        /// A branch: the view of child `slot`, read without retaining it.
        @inline(__always)
        func child(_ slot: Int) -> View {
            children[slot]._withUnsafeGuaranteedRef { $0.view }
        }
    }
}

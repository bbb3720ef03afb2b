// ListRenderTests — HeightTree
import TestSupport
import Testing

@testable import ListRender

@Suite("HeightTree")
struct LayoutHeightTreeTests {
    /// Checks `tree` against `array`: elements, sums at every index, and locate/visit at a few
    /// offsets.
    func expectTree(
        _ tree: HeightTree, equals array: [Double], random: inout LayoutRandom,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        tree._checkInvariants()
        #expect(tree.count == array.count, sourceLocation: sourceLocation)
        #expect(tree.elements == array, sourceLocation: sourceLocation)
        var sums = [0.0]
        for value in array { sums.append(sums.last! + value) }
        #expect(tree.total == sums.last!, sourceLocation: sourceLocation)
        let indices = (0..<20).map { _ in Int.random(in: 0...array.count, using: &random) }
        #expect(indices.map(tree.prefixSum(upTo:)) == indices.map { sums[$0] }, sourceLocation: sourceLocation)
        for _ in 0..<20 {
            let offset = Double(Int.random(in: -8...(Int(sums.last!) * 4 + 8), using: &random)) / 4
            let expected = array.indices.first { sums[$0 + 1] > offset } ?? array.count
            let found = tree.locate(offset)
            #expect(found.index == expected, "locate(\(offset))", sourceLocation: sourceLocation)
            #expect(found.start == sums[expected], sourceLocation: sourceLocation)
            var visited: [Int] = []
            tree.visit(from: offset) { index, start, height in
                #expect(start == sums[index] && height == array[index], sourceLocation: sourceLocation)
                visited.append(index)
                return visited.count < 5
            }
            let nonZero = array.indices.filter { $0 >= expected && array[$0] > 0 }
            #expect(visited == Array(nonZero.prefix(5)), sourceLocation: sourceLocation)
            expectCursor(tree, at: offset, from: expected, equals: array, sums: sums, sourceLocation: sourceLocation)
        }
    }

    /// Checks a `HeightTree.Cursor` made at `offset` against the array: it starts at `expected`
    /// and walks every later element with the array's starts and heights, across leaves.
    func expectCursor(
        _ tree: HeightTree, at offset: Double, from expected: Int, equals array: [Double], sums: [Double],
        sourceLocation: SourceLocation
    ) {
        var cursor = HeightTree.Cursor(tree, at: offset)
        var index = expected
        while !cursor.isAtEnd && index < array.count && index < expected + 300 {
            #expect(cursor.index == index, sourceLocation: sourceLocation)
            #expect(cursor.start == sums[index] && cursor.height == array[index], sourceLocation: sourceLocation)
            #expect(cursor.end == sums[index + 1], sourceLocation: sourceLocation)
            cursor.advance()
            index += 1
        }
        if index == array.count {
            #expect(cursor.isAtEnd && cursor.index == array.count, sourceLocation: sourceLocation)
        }
    }

    @Test(
        "bulk-built trees of every size up to three levels hold their elements and sums",
        arguments: [
            0, 1, 2, 127, 128, 129, 256, 257, 4_095, 4_096, 4_097, 20_000,
        ])
    func bulkBuildHoldsElements(count: Int) {
        var random = LayoutRandom(seed: UInt64(count) + 1)
        let values = (0..<count).map { _ in random.height(zeroChance: 0.1) }
        expectTree(HeightTree(values), equals: values, random: &random)
    }

    @Test("random inserts, removals and updates keep the tree equal to an array", arguments: 1...6)
    func randomMutationsMatchAnArray(seed: UInt64) {
        var random = LayoutRandom(seed: seed)
        var array = (0..<Int.random(in: 0...6_000, using: &random)).map { _ in random.height() }
        var tree = HeightTree(array)
        for step in 0..<3_000 {
            let choice = Int.random(in: 0..<10, using: &random)
            if choice < 4 || array.isEmpty {
                let index = Int.random(in: 0...array.count, using: &random)
                let value = random.height(zeroChance: 0.1)
                array.insert(value, at: index)
                tree.insert(value, at: index)
            } else if choice < 8 {
                let index = Int.random(in: 0..<array.count, using: &random)
                #expect(tree.remove(at: index) == array.remove(at: index))
            } else {
                let index = Int.random(in: 0..<array.count, using: &random)
                let value = random.height()
                #expect(tree.set(value, at: index) == array[index])
                array[index] = value
            }
            if step % 250 == 0 {
                expectTree(tree, equals: array, random: &random)
            }
        }
        expectTree(tree, equals: array, random: &random)
    }

    @Test("growing past several levels and shrinking to nothing keeps every invariant")
    func growAndShrink() {
        var random = LayoutRandom(seed: 99)
        var tree = HeightTree([])
        var array: [Double] = []
        for _ in 0..<10_000 {
            let index = Int.random(in: 0...array.count, using: &random)
            tree.insert(Double(index % 7), at: index)
            array.insert(Double(index % 7), at: index)
        }
        expectTree(tree, equals: array, random: &random)
        while !array.isEmpty {
            let index = Int.random(in: 0..<array.count, using: &random)
            tree.remove(at: index)
            array.remove(at: index)
            if array.count % 1_000 == 0 {
                expectTree(tree, equals: array, random: &random)
            }
        }
        #expect(tree.count == 0 && tree.total == 0)
        #expect(tree.root.isLeaf)
    }

    @Test("a copy is unaffected by mutations of the original and the other way round")
    func copiesAreIndependent() {
        let values = (0..<5_000).map { Double($0 % 13) }
        var original = HeightTree(values)
        let snapshot = original
        original.set(1_000, at: 2_500)
        original.insert(7, at: 0)
        original.remove(at: 4_000)
        var copy = snapshot
        copy.set(5, at: 10)
        #expect(snapshot.elements == values)
        #expect(original.count == 5_000 && original[2_501] == 1_000 && original[0] == 7)
        #expect(copy[10] == 5 && copy[2_500] == values[2_500])
        snapshot._checkInvariants()
        original._checkInvariants()
        copy._checkInvariants()
    }
}

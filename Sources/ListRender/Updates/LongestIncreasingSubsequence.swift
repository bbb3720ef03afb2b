// ListRender — finds one longest strictly increasing subsequence

/// Finds one longest strictly increasing subsequence, the elements a diff can leave in place.
enum LongestIncreasingSubsequence {
    /// Marks the members of one longest strictly increasing subsequence of `values`.
    /// - Parameter values: distinct integers.
    /// - Returns: one flag per value, true for the values of the subsequence.
    /// - Complexity: O(n) when `values` is already increasing, O(n log n) otherwise.
    static func membership(_ values: [Int]) -> [Bool] {
        if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) {
            return [Bool](repeating: true, count: values.count)
        }
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var members = [Bool](repeating: false, count: values.count)
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            members[cursor] = true
            cursor = previous[cursor]
        }
        return members
    }
}

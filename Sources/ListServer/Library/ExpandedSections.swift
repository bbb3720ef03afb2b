// Library — which sections a client shows expanded
import Models

/// Which sections a client shows expanded, as named in the `expanded` query parameter:
/// `all`, `none`, or a list of section ids with ranges (`3,5,9-12`).
enum ExpandedSections: Sendable, Hashable {
    case all
    case none
    /// Disjoint ranges of section ids, sorted, adjacent ones merged.
    case ranges([ClosedRange<Int64>])

    /// The most digits an id may have in the parameter (ids are far below 10^15).
    static let maximumDigits = 15

    /// The compact form: ids sorted, runs of consecutive ids written as ranges.
    var description: String {
        switch self {
        case .all: return "all"
        case .none: return "none"
        case .ranges(let ranges):
            var bytes: [UInt8] = []
            bytes.reserveCapacity(ranges.count * 12)
            write(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Appends ``description``'s UTF-8 bytes: a header link of a long list carries one, and building
    /// it by interpolation costs more than the digits.
    func write<Sink: LinkSink & ~Copyable>(to sink: inout Sink) {
        switch self {
        case .all: sink.write("all")
        case .none: sink.write("none")
        case .ranges(let ranges):
            for (index, range) in ranges.enumerated() {
                if index > 0 { sink.write(",") }
                sink.write(range.lowerBound)
                if range.upperBound != range.lowerBound {
                    sink.write("-")
                    sink.write(range.upperBound)
                }
            }
        }
    }

    static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The digits right to left in a word-sized scratch, then appended at once.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { scratch in
            var rest = value.magnitude
            var start = scratch.count
            repeat {
                start -= 1
                scratch[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[start...]))
        }
    }

    /// Ranges sorted by their lower bounds, with those that overlap or touch merged: the form of
    /// ``ranges(_:)``.
    /// - Parameter sorted: ranges in ascending order of `lowerBound`.
    /// - Returns: disjoint ranges, ascending, with a gap of at least one id between any two.
    /// - Complexity: O(n) for n ranges.
    static func merging(_ sorted: some Sequence<ClosedRange<Int64>>) -> [ClosedRange<Int64>] {
        var merged: [ClosedRange<Int64>] = []
        for range in sorted {
            assert(merged.last.map { $0.lowerBound <= range.lowerBound } ?? true, "ranges must be sorted")
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Whether the section with `id` is expanded.
    /// - Complexity: O(log r) for r ranges.
    func contains(_ id: SectionID) -> Bool { contains(number: id.rawValue) }

    /// Whether the set names `number`: a section id, or an outline's node by its number in preorder
    /// (an outline's expanded nodes are named the same way).
    /// - Complexity: O(log r) for r ranges.
    func contains(number: Int64) -> Bool {
        switch self {
        case .all: return true
        case .none: return false
        case .ranges(let ranges):
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound < number { low = middle + 1 } else { high = middle }
            }
            return low < ranges.count && ranges[low].contains(number)
        }
    }
}

/// Where a page's address is written, an expanded set's compact form in it: as bytes, or straight into a
/// fragment's attribute (`Web/ExpandedSections+Toggle.swift`).
protocol LinkSink: ~Copyable {
    /// Writes ASCII markup that needs no escaping anywhere (letters, digits, `/ ? = , -`).
    mutating func write(_ text: StaticString)
    /// Writes an integer in decimal.
    mutating func write(_ value: Int64)
    /// Writes text as the medium needs it: as it is in bytes, escaped in a fragment (`&` as `&amp;`).
    mutating func write(text: String)
}

extension Array: LinkSink where Element == UInt8 {
    mutating func write(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func write(_ value: Int64) {
        ExpandedSections.appendDecimal(value, to: &self)
    }

    mutating func write(text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}

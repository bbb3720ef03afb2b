// ListBench — timings of search over a friends list of 10,000 and 1,000,000 rows
import ListRender
import Models
import SeededRandom

/// Timings of search over a friends list shaped as `scripts/gen-dataset.py` writes it (names mixing
/// Latin and CJK, half the friends with an intro), 100 friends per group: 10,000 rows and 1,000,000.
///
/// `search-first-window` is what the server does for a query it has not seen on a version whose index
/// is built: the scan, the result dataset, its snapshot, metrics and layout (as `DatasetEntry` builds
/// them), and the first window; the median over several queries, from a rare name to a common syllable.
enum SearchBenchmarks {
    static let queries = ["smith", "MÜLLER", "林小雨", "coffee", "ava li", "tiny house", "元气", "zz", "sourdough"]

    static func run(report: (String, Double, String) -> Void) {
        for (label, groups) in [("10k", 100), ("1m", 10_000)] {
            let residentBefore = LayoutBenchmarks.residentMegabytes()
            let dataset = friends(groups: groups)
            var index: SearchIndex?
            let build = LayoutBenchmarks.cpuNanoseconds { index = SearchIndex(dataset: dataset) }
            guard let index else { return }
            report("search-index-build-\(label)", build / 1e6, "ms")
            report("search-index-bytes-\(label)", Double(index.byteCount) / 1_048_576, "MB")
            report(
                "search-index-resident-\(label)", LayoutBenchmarks.residentMegabytes() - residentBefore,
                "MB (rows and index)")
            var listed = 0
            let times = queries.map { text in
                LayoutBenchmarks.cpuNanoseconds { listed &+= firstWindow(index, SearchQuery(text)!) }
            }
            let scans = queries.map { text in
                LayoutBenchmarks.cpuNanoseconds { listed &+= index.matchingRows(SearchQuery(text)!).count }
            }
            report("search-scan-\(label)", LayoutBenchmarks.median(scans) / 1e6, "ms (the scan alone, median)")
            report("search-first-window-\(label)", LayoutBenchmarks.median(times) / 1e6, "ms (median of \(queries.count) queries)")
            report("search-first-window-max-\(label)", times.max()! / 1e6, "ms")
            let common = LayoutBenchmarks.cpuNanoseconds { listed &+= firstWindow(index, SearchQuery("a")!) }
            report("search-first-window-common-\(label)", common / 1e6, "ms (\"a\", most rows match)")
            var changed = dataset
            changed.sections[groups / 2].rows.removeFirst()
            changed.version += 1
            let rebuild = LayoutBenchmarks.cpuNanoseconds { listed &+= SearchIndex(dataset: changed, reusing: index).byteCount }
            report("search-index-after-batch-\(label)", rebuild / 1e6, "ms (one section changed)")
            LayoutBenchmarks.keep(listed)
        }
    }

    /// The rows of the first window of a query's results, computed as the server computes them.
    static func firstWindow(_ index: SearchIndex, _ query: SearchQuery) -> Int {
        let results = index.results(query)
        let metrics = TableMetrics(for: results)
        let snapshot = TableSnapshot(subsetOf: results.sections)
        let layout = metrics.layout(of: results)
        return layout.window(top: 0, height: 800, overscan: 200).rows.count &+ snapshot.rowCount
    }

    static let given = ["Ava", "Ben", "Chloe", "Dan", "Ethan", "Fay", "Gus", "Hana", "Ivy", "Jack", "Kai", "Lena",
                        "Mia", "Noah", "Owen", "Pia", "Quinn", "Rosa", "Sam", "Tara", "Uma", "Vic", "Wen", "Yui", "Zoe"]
    static let family = ["Li", "Wang", "Zhang", "Liu", "Chen", "Yang", "Zhao", "Huang", "Martin", "Smith", "Garcia",
                         "Müller", "Rossi", "Sato", "Kim", "Novak", "Silva", "Dubois"]
    static let cjk = ["林小雨", "王大锤", "苏晴", "阿杰", "陈一", "赵六", "周周", "吴桐", "郑好", "钱多多"]
    static let intros = ["Half marathon in April — wish me luck", "下雨天适合写代码，也适合发呆。", "猫比人可爱，这是事实",
                         "Coffee first, questions later.", "Paris → Shanghai", "On a boat until Friday",
                         "Building a tiny house, one nail at a time", "今天也要元气满满！", "Ask me about sourdough",
                         "Back in the office on Monday"]
    static let groupNames = ["Close Friends", "Colleagues", "Family", "Classmates", "Climbing Club", "Neighbours",
                             "Book Club", "Team", "我的好友", "同学", "家人"]

    /// A friends dataset of `groups` groups of 100, as `gen-dataset.py` makes one.
    static func friends(groups: Int) -> Dataset {
        var random = SplitMix64(seed: 19)
        func pick(_ items: [String]) -> String { items[Int(random.next() % UInt64(items.count))] }
        var nextID: Int64 = 1
        var counter = 0
        let sections = (0..<groups).map { group in
            let rows = (0..<100).map { _ in
                let name: String
                if counter % 997 == 0 {
                    name = "<b>\(pick(given)) & \"\(pick(family))\"</b>"
                } else if random.next() % 5 == 0 {
                    name = pick(cjk) + " " + pick(given)
                } else {
                    name = pick(given) + " " + pick(family)
                }
                counter += 1
                var fields: Fields = ["name": .string(name), "icon": .string("friend-01")]
                if random.next() % 2 == 0 { fields["intro"] = .string(pick(intros)) }
                fields["vip"] = .bool(random.next() % 7 == 0)
                defer { nextID += 1 }
                return Row(id: RowID(nextID), fields: fields)
            }
            defer { nextID += 1 }
            return Section(
                id: SectionID(nextID),
                fields: ["name": .string("\(pick(groupNames)) \(group + 1)"), "online": .int(Int64(random.next() % 100))],
                rowsKeyIndex: 2, rows: rows)
        }
        return Dataset(
            id: "bench", title: "Bench", kind: .friends, style: .plain, shape: SourceShape(rowsKey: "friends"),
            sections: sections)
    }
}

// ListBench — timings of the SQLite store: bulk insert, load and commits
import Foundation
import ListStore
import Models

/// Timings of the SQLite store on a dataset of 200,000 rows in 200 sections, in a new directory
/// under the system's temporary directory: the bulk insert, a whole load, and commits of one
/// and of a hundred rows (each durable, so mostly the cost of one WAL sync).
enum StoreBenchmarks {
    static let sections = 200
    static let rowsPerSection = 1_000

    /// Runs every store benchmark and reports each figure.
    /// - Parameter report: receives the benchmark's name, its value and the value's unit.
    /// - Complexity: a few seconds; writes a file of about 20 MB and removes it.
    static func run(report: (String, Double, String) -> Void) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("listbench-store-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            try measure(in: directory, report: report)
        } catch {
            print("store: \(error)")
        }
    }

    private static func measure(in directory: String, report: (String, Double, String) -> Void) throws {
        let store = try SQLiteStore(directory: directory)
        defer { store.close() }
        var dataset = makeDataset()
        let clock = ContinuousClock()
        let insert = try clock.measure { dataset = try store.insert([dataset], replacing: false)[0] }
        report("store-insert-200k", milliseconds(insert), "ms")
        var loads: [Double] = []
        for _ in 0..<5 {
            loads.append(milliseconds(try clock.measure { _ = try store.loadAll() }))
        }
        report("store-load-200k", median(loads), "ms")
        report("store-commit-1-row", try medianCommit(of: 1, to: &dataset, store: store, runs: 200), "ms")
        report("store-commit-100-rows", try medianCommit(of: 100, to: &dataset, store: store, runs: 50), "ms")
    }

    /// The median time of `runs` commits that each rewrite the fields of `count` rows spread over
    /// the dataset and log an event.
    private static func medianCommit(
        of count: Int, to dataset: inout Dataset, store: SQLiteStore, runs: Int
    ) throws -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        for run in 0..<runs {
            let stride = sections * rowsPerSection / count
            let rows = (0..<count).map { index in
                let position = (index * stride + run) % (sections * rowsPerSection)
                return Row(
                    id: RowID(Int64(sections + 1 + position)),
                    fields: ["title": .string("Edited \(run)"), "read": .bool(run % 2 == 0)])
            }
            let change = StoredChange(
                datasetID: dataset.id, expectedVersion: dataset.version, newVersion: dataset.version + 1,
                nextID: dataset.nextID, upsertedRows: rows, eventPayload: Array("{\"run\":\(run)}".utf8))
            times.append(milliseconds(try clock.measure { try store.commit(change) }))
            dataset.version += 1
        }
        return median(times)
    }

    /// Sections get ids 1…200, rows 201…: the ids an import hands out.
    private static func makeDataset() -> Dataset {
        var next = Int64(sections + 1)
        let sectionList = (0..<sections).map { index in
            Section(
                id: SectionID(Int64(index + 1)), fields: ["title": .string("Section \(index)")], rowsKeyIndex: 1,
                rows: (0..<rowsPerSection).map { row in
                    defer { next += 1 }
                    return Row(
                        id: RowID(next),
                        fields: [
                            "title": .string("Row \(row) of \(index)"), "send_time": .int(1_600_000_000 + Int64(row)),
                            "read": .bool(row % 3 == 0),
                        ])
                })
        }
        return Dataset(
            id: "bench", title: "Bench", kind: .generic, style: .plain, shape: SourceShape(rowsKey: "rows"),
            sections: sectionList)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }
}

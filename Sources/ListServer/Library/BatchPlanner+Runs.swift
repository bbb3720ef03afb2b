// Library — the runs of rows a delete names at once, resolved against the batch's version
import ListRender
import Models

extension BatchPlanner {
    /// A run of `deleteRows` resolved to index paths: every row from `start` to `end` in table order, both
    /// included, but the excepted ones.
    struct ResolvedRun {
        let path: String
        let start: IndexPath
        let end: IndexPath
        let except: Set<RowID>

        func contains(_ at: IndexPath) -> Bool { start <= at && at <= end }
    }

    /// The request's runs, in table order, each checked: its bounds exist, its exceptions lie in it, no two
    /// overlap, none holds a row of a section the batch deletes.
    /// - Parameter deletedSections: the sections `deleteSections` deletes, with the operation that does.
    /// - Throws: ``LibraryError/invalidBatch(path:message:)`` naming the run at fault.
    /// - Complexity: O(r log r + e) for r runs and e exceptions, plus O(rows of the runs) in a table document,
    ///   whose rows say one by one whether they can be deleted.
    func resolvingRuns(
        _ request: BatchRequest, deletedSections: [SectionID: String]
    ) throws(LibraryError) -> [ResolvedRun] {
        let snapshot = entry.snapshot
        var runs: [ResolvedRun] = []
        for run in request.deleteRuns {
            let path = "deleteRows[\(run.position)]"
            var start: IndexPath, end: IndexPath
            switch run.bounds {
            case .sections(let first, let last):
                let from = try sectionIndex(of: first, "\(path).section")
                let to = try sectionIndex(of: last, "\(path).toSection")
                let (low, high) = (min(from, to), max(from, to))
                start = IndexPath(row: 0, section: low)
                end = IndexPath(row: snapshot.numberOfRows(inSection: high) - 1, section: high)
            case .rows(let first, let last):
                let from = try rowIndexPath(of: first, "\(path).from")
                let to = try rowIndexPath(of: last, "\(path).to")
                (start, end) = (min(from, to), max(from, to))
            }
            // An empty section's run ends before it starts (row -1); one that starts past its section's rows
            // begins at the next section's first row.
            if start.row >= snapshot.numberOfRows(inSection: start.section) {
                start = IndexPath(row: 0, section: start.section + 1)
            }
            var except = Set<RowID>()
            for (position, id) in run.except.enumerated() {
                let at = try rowIndexPath(of: id, "\(path).except[\(position)]")
                guard start <= at && at <= end else {
                    throw LibraryError.invalidBatch(
                        path: "\(path).except[\(position)]", message: "row \(id) is not in the run, so it cannot be excepted from it")
                }
                except.insert(id)
            }
            let resolved = ResolvedRun(path: path, start: start, end: end, except: except)
            if start <= end {
                // Each section the run spans gives it a row, unless it has none.
                for section in start.section...end.section where snapshot.numberOfRows(inSection: section) > 0 {
                    let id = snapshot.sectionID(at: section)
                    guard let deleter = deletedSections[id] else { continue }
                    throw refusal(
                        path, "section \(id), which \(deleter) deletes with all its rows, is in the run; "
                            + "a row can be deleted once per batch")
                }
            }
            if entry.dataset.kind.isTableDocument {
                try forEachRow(of: resolved) { id, at throws(LibraryError) in try checkEditing(of: id, at: at, path, "deleted") }
            }
            runs.append(resolved)
        }
        runs.sort { $0.start < $1.start }
        for (earlier, later) in zip(runs, runs.dropFirst()) where later.start <= earlier.end {
            throw refusal(
                later.path, "it overlaps \(earlier.path); a row can be deleted once per batch, so send runs that do "
                    + "not overlap")
        }
        return runs
    }

    /// The run among `runs` (sorted, disjoint) that holds the row at `at`, if any.
    /// - Complexity: O(log r) for r runs.
    func run(holding at: IndexPath, in runs: [ResolvedRun]) -> ResolvedRun? {
        var (low, high) = (0, runs.count)
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].start <= at { low = middle + 1 } else { high = middle }
        }
        guard low > 0, runs[low - 1].contains(at) else { return nil }
        return runs[low - 1]
    }

    /// Calls `body` with every row a run deletes (its exceptions left out), in table order.
    /// - Complexity: O(rows of the run + sections it spans).
    func forEachRow<Failure: Error>(
        of run: ResolvedRun, _ body: (RowID, IndexPath) throws(Failure) -> Void
    ) throws(Failure) {
        guard run.start <= run.end else { return }
        let snapshot = entry.snapshot
        for section in run.start.section...run.end.section {
            let rows = snapshot.sections[section].rows
            let first = section == run.start.section ? run.start.row : 0
            let last = section == run.end.section ? run.end.row : rows.count - 1
            guard first <= last else { continue }
            for row in first...last where run.except.isEmpty || !run.except.contains(rows[row]) {
                try body(rows[row], IndexPath(row: row, section: section))
            }
        }
    }

    /// The index paths of the rows the runs delete, in table order.
    /// - Complexity: O(rows of the runs).
    func indexPaths(of runs: [ResolvedRun]) -> [IndexPath] {
        var paths: [IndexPath] = []
        paths.reserveCapacity(runs.reduce(0) { $0 + count(of: $1) })
        for run in runs {
            forEachRow(of: run) { _, at in paths.append(at) }
        }
        return paths
    }

    /// How many rows a run holds, its exceptions left in.
    /// - Complexity: O(sections it spans).
    private func count(of run: ResolvedRun) -> Int {
        guard run.start <= run.end else { return 0 }
        if run.start.section == run.end.section { return run.end.row - run.start.row + 1 }
        var total = entry.snapshot.numberOfRows(inSection: run.start.section) - run.start.row + run.end.row + 1
        for section in (run.start.section + 1)..<run.end.section { total += entry.snapshot.numberOfRows(inSection: section) }
        return total
    }

    private func refusal(_ path: String, _ message: String) -> LibraryError {
        LibraryError.invalidBatch(path: path, message: message)
    }

    private func sectionIndex(of id: SectionID, _ path: String) throws(LibraryError) -> Int {
        guard let index = entry.snapshot.sectionIndex(for: id) else {
            throw refusal(path, "section \(id) does not exist in '\(entry.dataset.id)'")
        }
        return index
    }

    private func rowIndexPath(of id: RowID, _ path: String) throws(LibraryError) -> IndexPath {
        guard let at = entry.snapshot.indexPath(for: id) else {
            throw refusal(path, "row \(id) does not exist in '\(entry.dataset.id)'")
        }
        return at
    }
}

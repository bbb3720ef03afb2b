// ListBench — prints one benchmark figure per line as `name: value unit`

/// Prints one benchmark figure per line as `name: value unit`.
func printFigure(_ name: String, _ value: Double, _ unit: String) {
    let rounded = (value * 100).rounded() / 100
    print("\(name): \(rounded) \(unit)")
}

/// `ListBench` runs every group; `ListBench search` (or `layout`, `batch`, `replace`, `render`) runs one; `ListBench window` runs the
/// window queries alone (for a profiler); `ListBench scale` compares the layout at 1M and 10M rows;
/// `ListBench rows FILE` says what each row of FILE costs in memory; `ListBench store` times the SQLite store;
/// `ListBench outline` times the outline layout on 10,000,000 rows.
let groups = Set(CommandLine.arguments.dropFirst().prefix { $0 != "rows" })
    .union(CommandLine.arguments.contains("rows") ? ["rows"] : [])
if groups.isEmpty || groups.contains("layout") { LayoutBenchmarks.run(report: printFigure) }
if let index = CommandLine.arguments.firstIndex(of: "rows"), index + 1 < CommandLine.arguments.count {
    RowMemoryBenchmarks.run(path: CommandLine.arguments[index + 1], report: printFigure)
}
if groups.contains("scale") { ScaleBenchmarks.run(report: printFigure) }
if groups.contains("window") { LayoutBenchmarks.runQueries(report: printFigure) }
if groups.isEmpty || groups.contains("batch") { BatchBenchmarks.run(report: printFigure) }
if groups.isEmpty || groups.contains("replace") { ReplaceBenchmarks.run(report: printFigure) }
if groups.isEmpty || groups.contains("render") { RenderBenchmarks.run(report: printFigure) }
if groups.isEmpty || groups.contains("search") { SearchBenchmarks.run(report: printFigure) }
if groups.contains("store") { StoreBenchmarks.run(report: printFigure) }
if groups.contains("outline") { OutlineBenchmarks.run(report: printFigure) }

// ListBench — prints one benchmark figure per line as `name: value unit`

/// Prints one benchmark figure per line as `name: value unit`.
func printFigure(_ name: String, _ value: Double, _ unit: String) {
    let rounded = (value * 100).rounded() / 100
    print("\(name): \(rounded) \(unit)")
}

LayoutBenchmarks.run(report: printFigure)
BatchBenchmarks.run(report: printFigure)

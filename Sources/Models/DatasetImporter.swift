// ListServer — Models

/// Reads a dataset file of any supported format into a ``Dataset``.
public enum DatasetImporter {
    /// Detects the format, reads the document and decodes it.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - decoder: names the file, the dataset id and title, and the kind to force if any.
    /// - Returns: the dataset, every row checked.
    /// - Throws: ``ImportError`` naming the file and where in it the problem is.
    /// - Complexity: O(file size).
    public static func importDataset(_ bytes: [UInt8], using decoder: DatasetDecoder) throws(ImportError) -> Dataset {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw ImportError(file: decoder.file, path: "", message: "the file is empty")
        }
        let root: FieldValue
        do {
            root = try DocumentFormat.detect(bytes).read(bytes)
        } catch {
            throw ImportError(file: decoder.file, path: error.location, message: error.message)
        }
        return try decoder.decode(root)
    }

    /// The dataset's rows written in `format`, in the shape of their source.
    public static func export(_ dataset: Dataset, as format: DocumentFormat) -> [UInt8] {
        format.write(DatasetEncoder.encode(dataset))
    }
}

// Models — reads a dataset file of any supported format into a ``Dataset``

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
        try decoder.decode(readDocument(bytes, file: decoder.file))
    }

    /// Detects the format and reads the document into its value tree, without decoding it into a
    /// dataset; a caller that owns the bytes can free them before ``DatasetDecoder/decode(_:)``.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - file: the file's name for the error.
    /// - Returns: the document's root value.
    /// - Throws: ``ImportError`` for an empty (or blank) file or a document that cannot be read,
    ///   located by line and column or byte.
    /// - Complexity: O(file size).
    public static func readDocument(_ bytes: [UInt8], file: String) throws(ImportError) -> FieldValue {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw ImportError(file: file, path: "", message: "the file is empty")
        }
        do {
            return try DocumentFormat.detect(bytes).read(bytes)
        } catch {
            throw ImportError(file: file, path: error.location, message: error.message)
        }
    }

    /// The dataset's rows written in `format`, in the shape of their source.
    public static func export(_ dataset: Dataset, as format: DocumentFormat) -> [UInt8] {
        format.write(DatasetEncoder.encode(dataset))
    }
}

// SystemSupport — system calls: files and blocking output
#if canImport(Glibc)
    import Glibc
#endif

extension System {
    /// What `fstat` says about an open file.
    package struct FileStatus: Equatable {
        package var size: Int
        package var modifiedNanoseconds: Int64
        package var isRegularFile: Bool

        fileprivate init(_ info: stat) {
            size = Int(info.st_size)
            modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        }
    }

    /// The canonical absolute path of `path`, every symbolic link resolved.
    /// - Returns: nil when the path does not exist or cannot be resolved.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What `stat` says about a path (symbolic links followed).
    /// - Returns: nil when the path does not exist or cannot be examined.
    package static func fileStatus(_ path: String) -> FileStatus? {
        var info = stat()
        guard (try? retrying("stat", { stat(path, &info) })) != nil else { return nil }
        return FileStatus(info)
    }

    /// Reads a whole regular file.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - maxBytes: files larger than this are refused.
    /// - Returns: the status and the bytes, or nil when the path is not a regular file or is too large.
    /// - Throws: `PosixError` naming `open` or `read` (e.g. `ENOENT`, `EACCES`).
    package static func readFile(_ path: String, maxBytes: Int) throws -> (status: FileStatus, bytes: [UInt8])? {
        let fd = try retrying("open") { open(path, O_RDONLY | O_CLOEXEC) }
        defer { close(fd) }
        var info = stat()
        _ = try retrying("fstat") { fstat(fd, &info) }
        let status = FileStatus(info)
        guard status.isRegularFile, status.size <= maxBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: status.size)
        var filled = 0
        try bytes.withUnsafeMutableBytes { raw in
            while filled < raw.count {
                let n = try retrying("read") { Glibc.read(fd, raw.baseAddress! + filled, raw.count - filled) }
                if n == 0 { break }
                filled += n
            }
        }
        if filled < bytes.count { bytes.removeLast(bytes.count - filled) }
        return (status, bytes)
    }

    /// Writes all of `bytes` to a blocking descriptor such as stderr; gives up silently on failure.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard
                    case .processed(let n)? = try? nonBlocking(
                        "write",
                        {
                            Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                        }), n > 0
                else { return }
                offset += n
            }
        }
    }
}

// ListRender — the URL path the built-in icons are written under
import Synchronization

/// The URL path the built-in icons (``InterfaceIcon``) are written under: ``plain`` (`/icons/`), or a
/// content-hashed path such as `/icons.1a2b3c4d/` that a server chooses once when it starts.
///
/// Its bytes live as long as the process, one copy per distinct path, so that a window writes the path as
/// it writes a literal: a copy of a few bytes, no reference counting and no look-up.
public struct IconDirectory: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// `/icons/`: where the icons are served with revalidation.
    public static let plain = IconDirectory("/icons/")

    /// The path's UTF-8 bytes; immutable and never freed (see ``interned(_:)``), hence safe to share.
    let bytes: UnsafeRawBufferPointer

    /// - Parameter path: a URL path ending in `/` whose characters need no escape in an attribute.
    public init(_ path: String) {
        let isPlain = path.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "&")
        }
        precondition(
            isPlain && path.hasPrefix("/") && path.hasSuffix("/"), "an icon directory is a plain URL path ending in /")
        bytes = Self.interned(path)
    }

    /// The path, e.g. `/icons/`.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    public static func == (lhs: IconDirectory, rhs: IconDirectory) -> Bool {
        lhs.bytes.elementsEqual(rhs.bytes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: bytes)
    }

    /// The paths made so far, each kept once for the life of the process.
    private static let paths = Mutex<[String: UnsafeRawBufferPointer]>([:])

    /// The lasting bytes of `path`: the same ones for every directory made with it.
    private static func interned(_ path: String) -> UnsafeRawBufferPointer {
        paths.withLock { paths in
            if let bytes = paths[path] { return bytes }
            let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: path.utf8.count, alignment: 1)
            _ = storage.initializeMemory(as: UInt8.self, from: path.utf8)
            let bytes = UnsafeRawBufferPointer(storage)
            paths[path] = bytes
            return bytes
        }
    }
}

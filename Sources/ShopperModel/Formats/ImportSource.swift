import Foundation

/// The text of an import, a Unicode scalar at a time, read from its file a chunk at a time: a file
/// of any size costs one chunk of memory (a whole 34 MB file held as text, then as an array of its
/// scalars, then as records, took 1.8 GB). Text already in memory (a paste, a test) reads the same.
/// A leading byte order mark is skipped; bytes that are not UTF-8 end the text with `notUTF8`.
package final class ImportSource {
    /// Bytes read per `read(2)`: a few per cent of an import's time goes to reading, none to waiting.
    static let chunkSize = 1 << 18

    /// Why a file gives no text: said in the user's words.
    struct Unreadable: Error, Equatable, Sendable, LocalizedError {
        package let reason: String
        package var errorDescription: String? { reason }
    }

    /// Why the text ends early: bytes that are not UTF-8, or a read the system refused (never taken
    /// for the end of the file: a short import would say it was whole).
    enum Stop: Error {
        case notUTF8
        case readFailed(String)
    }

    private let fd: Int32
    private var buffer: [UInt8]
    private var at = 0
    private var atEnd: Bool
    private var started = false
    /// The file's size in bytes (0 when unknown), and how many have been read: the import's
    /// progress, without counting its lines first.
    package let size: Int
    private(set) var consumed = 0
    /// The file as it was opened (size, time of change, inode; nil for text in memory): a long
    /// file's import reads it again, and refuses it if it changed since its preview.
    package let stamp: String?

    /// The file at `path`: a regular file, read as it is read (a folder, a FIFO or a device would
    /// block or never end).
    package init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Unreadable(reason: String(cString: strerror(errno))) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Unreadable(reason: L("it is not a regular file"))
        }
        self.fd = fd
        size = Int(st.st_size)
        stamp = "\(st.st_size) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec) \(st.st_ino)"
        buffer = []
        buffer.reserveCapacity(Self.chunkSize + 4)
        atEnd = false
    }

    init(text: String) {
        fd = -1
        buffer = Array(text.utf8)
        size = buffer.count
        stamp = nil
        atEnd = true
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Read so far, from 0 to 1.
    package var fraction: Double {
        size == 0 ? (atEnd && at >= buffer.count ? 1 : 0) : min(1, Double(consumed) / Double(size))
    }

    /// The next scalar, nil at the end.
    func next() throws(Stop) -> Unicode.Scalar? {
        if !started {
            started = true
            if try peekIsByteOrderMark() { at += 3; consumed += 3 }
        }
        guard try fill(1) else { return nil }
        let b0 = buffer[at]
        if b0 < 0x80 {
            at += 1
            consumed += 1
            return Unicode.Scalar(b0)
        }
        return try multiByte(b0)
    }

    /// A scalar of two to four bytes, checked as UTF-8 is defined (no overlong forms, no
    /// surrogates, nothing above U+10FFFF).
    private func multiByte(_ b0: UInt8) throws(Stop) -> Unicode.Scalar {
        let count: Int, low: UInt32
        switch b0 {
        case 0xC2...0xDF: (count, low) = (2, 0x80)
        case 0xE0...0xEF: (count, low) = (3, 0x800)
        case 0xF0...0xF4: (count, low) = (4, 0x10000)
        default: throw .notUTF8
        }
        guard try fill(count) else { throw .notUTF8 }
        var value = UInt32(b0) & (0xFF >> (count + 1))
        for i in 1..<count {
            let b = buffer[at + i]
            guard b & 0xC0 == 0x80 else { throw .notUTF8 }
            value = value << 6 | UInt32(b & 0x3F)
        }
        guard value >= low, let scalar = Unicode.Scalar(value) else { throw .notUTF8 }
        at += count
        consumed += count
        return scalar
    }

    private func peekIsByteOrderMark() throws(Stop) -> Bool {
        try fill(3) && buffer[at] == 0xEF && buffer[at + 1] == 0xBB && buffer[at + 2] == 0xBF
    }

    /// Makes sure `n` bytes are buffered, reading the next chunk if needed; false at the end.
    private func fill(_ n: Int) throws(Stop) -> Bool {
        if at + n <= buffer.count { return true }
        while !atEnd, at + n > buffer.count {
            buffer.removeSubrange(0..<at)
            at = 0
            let old = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
            var got: Int
            repeat {
                got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, Self.chunkSize) }
            } while got < 0 && errno == EINTR
            let failure = got < 0 ? String(cString: strerror(errno)) : nil
            buffer.removeSubrange((old + max(got, 0))...)
            if let failure { throw .readFailed(failure) }
            if got == 0 { atEnd = true }
        }
        return at + n <= buffer.count
    }
}

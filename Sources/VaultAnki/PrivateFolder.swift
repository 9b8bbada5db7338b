import Foundation

/// A folder of the reader's own in the temporary folder (`mkdtemp`, 0700),
/// for the unpacked collection and media: its files are made new (0600,
/// `O_EXCL`, `O_NOFOLLOW`) and the whole folder is removed when the read
/// is over, whatever SQLite left beside the collection (`-journal`, `-wal`,
/// `-shm`) included. A mapped file stays readable after its folder is gone.
final class PrivateFolder {
    /// Why a file of the folder could not be made or written.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// The folder's path.
    let path: String

    /// Makes a new folder in the system's temporary folder.
    /// - Throws: ``Failure`` when none can be made.
    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array((base + "/vault-anki-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(reason: "mkdtemp in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// A new file named `name` in the folder, open for writing.
    /// - Throws: ``Failure`` when it cannot be made.
    func create(_ name: String) throws -> File {
        let filePath = path + "/" + name
        let fd = open(filePath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(reason: "\(name): \(String(cString: strerror(errno)))") }
        return File(path: filePath, descriptor: fd)
    }

    /// Removes the folder and all it holds.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A file being written.
    final class File {
        let path: String
        private var descriptor: Int32

        init(path: String, descriptor: Int32) {
            self.path = path
            self.descriptor = descriptor
        }

        deinit { if descriptor >= 0 { Foundation.close(descriptor) } }

        /// Appends `bytes`.
        /// - Throws: ``Failure`` when the disk refuses them.
        func write(_ bytes: UnsafeRawBufferPointer) throws {
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Failure(reason: "\(path): \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }

        /// Closes the file.
        /// - Throws: ``Failure`` when the last writes fail.
        func close() throws {
            guard descriptor >= 0 else { return }
            let result = Foundation.close(descriptor)
            descriptor = -1
            if result != 0 { throw Failure(reason: "\(path): \(String(cString: strerror(errno)))") }
        }

        /// The file's bytes, mapped (not read into memory).
        /// - Throws: ``Failure`` when it cannot be mapped.
        func mapped() throws -> Data {
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            } catch {
                throw Failure(reason: "\(path): \(error.localizedDescription)")
            }
        }
    }
}

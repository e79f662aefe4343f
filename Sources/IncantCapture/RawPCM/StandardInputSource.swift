import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads raw PCM (signed 16-bit little-endian, 16 kHz, mono, no header) from standard
/// input or any other file descriptor, for example `arecord -f S16_LE -r 16000 -c 1 -t raw | incant`.
///
/// The stream ends at end of file. The descriptor is not closed. A trailing odd byte is dropped.
public struct StandardInputSource: AudioSource {
    /// The descriptor to read.
    public var fileDescriptor: Int32
    /// The name used in messages.
    public var name: String
    /// Samples per chunk (default 1,600: 100 ms); shorter chunks are sent when less is available.
    public var chunkSize: Int

    /// Reads standard input, or another descriptor.
    public init(fileDescriptor: Int32 = STDIN_FILENO, name: String = "standard input", chunkSize: Int = 1_600) {
        precondition(chunkSize > 0, "chunkSize must be positive")
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.chunkSize = chunkSize
    }

    /// Reads the descriptor behind `fileHandle`; keep the handle alive while reading.
    public init(fileHandle: FileHandle, name: String = "input", chunkSize: Int = 1_600) {
        self.init(fileDescriptor: fileHandle.fileDescriptor, name: name, chunkSize: chunkSize)
    }

    public var description: String { name }

    public func frames() -> AudioFrameStream {
        let descriptor = fileDescriptor
        let name = name
        let chunkBytes = chunkSize * 2
        return AudioFrameStream(threadName: "incant.stdin") { sink in
            var pending = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: chunkBytes)
            while !sink.isCancelled {
                // Wait in short slices so that cancellation is noticed even when no data comes.
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, 100)
                if ready < 0 {
                    if errno == EINTR { continue }
                    throw CaptureError.readFailed(source: name, message: String(cString: strerror(errno)))
                }
                if ready == 0 { continue }
                let count = buffer.withUnsafeMutableBytes { raw in
                    read(descriptor, raw.baseAddress, chunkBytes - pending.count)
                }
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw CaptureError.readFailed(source: name, message: String(cString: strerror(errno)))
                }
                if count == 0 { break }
                pending.append(contentsOf: buffer[0..<count])
                let usable = pending.count - pending.count % 2
                if usable == 0 { continue }
                let samples = pending.withUnsafeBytes { raw in
                    (0..<(usable / 2)).map {
                        Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self))
                    }
                }
                pending.removeFirst(usable)
                guard sink.send(samples) else { return }
            }
        }
    }
}

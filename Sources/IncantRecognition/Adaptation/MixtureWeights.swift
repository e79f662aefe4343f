import Foundation

/// The mixture weights of a semi-continuous or phonetically tied model, read from the
/// quantized `sendump` pocketsphinx loads and written as SphinxTrain's `mixture_weights`,
/// which `bw` needs and Debian's `pocketsphinx-en-us` does not ship.
struct MixtureWeights: Sendable {
    /// Tied states (senones).
    var senones: Int
    /// Feature streams.
    var streams: Int
    /// Gaussians per codebook.
    var densities: Int
    /// The weight each byte stands for: 1.0001 to the minus (byte shifted left by the dump's
    /// `mixw_shift`).
    let weightOfByte: [Float]
    /// The dump as read; its weights start at ``weightsOffset``, one byte each, stream-major:
    /// `[stream][density][senone]` (2 MB for the en-us model, against 8 MB as floats).
    let dump: Data
    let weightsOffset: Int

    /// Reads a `sendump` file: a header of length-prefixed strings, then (for an unclustered
    /// dump) the numbers of densities and senones, then for every stream and density one byte
    /// per senone, a weight's negative log (base 1.0001) shifted right by `mixw_shift` bits.
    init(sendump path: String) throws(AdaptationError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unsupportedModel(path: path, reason: "no readable sendump (mixture weights)")
        }
        var reader = BinaryReader(data: data)
        func fail(_ reason: String) -> AdaptationError { .unsupportedModel(path: path, reason: "sendump: \(reason)") }
        guard let titleLength = reader.int32(), titleLength > 0 else { throw fail("truncated header") }
        if titleLength > 65_536 { reader.swapsBytes = true }
        reader.offset = 0
        var header: [String: Int] = [:]
        var first = true
        while true {
            guard let length = reader.int32() else { throw fail("truncated header") }
            if length == 0 { break }
            guard length > 0, let bytes = reader.bytes(Int(length)) else { throw fail("truncated header") }
            if !first {
                let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                let parts = text.split(separator: " ")
                if parts.count == 2, let value = Int(parts[1]) { header[String(parts[0])] = value }
            }
            first = false
        }
        guard (header["cluster_count"] ?? 0) == 0 else { throw fail("clustered weights are not supported") }
        let shift = header["mixw_shift"] ?? 10
        let streams = header["feature_count"] ?? 1
        guard let densities = reader.int32(), let senones = reader.int32(), densities > 0, senones > 0, streams > 0
        else { throw fail("no sizes after the header") }
        let (d, s) = (Int(densities), Int(senones))
        guard reader.remaining == streams * d * s else {
            throw fail("\(reader.remaining) bytes of weights for \(streams) × \(d) × \(s)")
        }
        self.senones = s
        self.streams = streams
        self.densities = d
        self.weightOfByte = (0..<256).map { Float(pow(1.0001, -Double($0 << shift))) }
        self.dump = data
        self.weightsOffset = reader.offset
    }

    /// The weights of one senone in one stream, summing to 1.
    func row(senone: Int, stream: Int) -> [Float] {
        var row = (0..<densities).map { density in
            weightOfByte[Int(dump[dump.startIndex + weightsOffset + (stream * densities + density) * senones + senone])]
        }
        let sum = row.reduce(0, +)
        if sum > 0 { row = row.map { $0 / sum } }
        return row
    }

    /// Writes the weights as a SphinxTrain binary parameter file (`s3` header, byte-order
    /// mark, the three sizes, their product, then the values as native floats), a few hundred
    /// senones at a time.
    func write(to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        var header = Data("s3\nversion 1.0\n  endhdr\n".utf8)
        for number in [UInt32(0x1122_3344), UInt32(senones), UInt32(streams), UInt32(densities)] {
            withUnsafeBytes(of: number) { header.append(contentsOf: $0) }
        }
        withUnsafeBytes(of: UInt32(senones * streams * densities)) { header.append(contentsOf: $0) }
        try file.write(contentsOf: header)
        var chunk: [Float] = []
        chunk.reserveCapacity(256 * streams * densities)
        for senone in 0..<senones {
            for stream in 0..<streams { chunk += row(senone: senone, stream: stream) }
            if senone % 256 == 255 || senone == senones - 1 {
                try chunk.withUnsafeBytes { try file.write(contentsOf: Data($0)) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
    }
}

/// Reads 32-bit integers and bytes from the front of a buffer.
private struct BinaryReader {
    let data: Data
    var offset = 0
    var swapsBytes = false

    var remaining: Int { data.count - offset }

    mutating func int32() -> Int32? {
        guard let bytes = bytes(4) else { return nil }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
        return swapsBytes ? value.byteSwapped : value
    }

    mutating func bytes(_ count: Int) -> Data? {
        guard count >= 0, remaining >= count else { return nil }
        defer { offset += count }
        return data.subdata(in: (data.startIndex + offset)..<(data.startIndex + offset + count))
    }
}

import Foundation

/// The mixture weights of a semi-continuous or phonetically tied model, read from the
/// quantized `sendump` pocketsphinx loads and written as SphinxTrain's `mixture_weights`,
/// which `bw` needs and Debian's `pocketsphinx-en-us` does not ship.
struct MixtureWeights: Sendable, Equatable {
    /// Tied states (senones).
    var senones: Int
    /// Feature streams.
    var streams: Int
    /// Gaussians per codebook.
    var densities: Int
    /// Probabilities, senone-major: `[senone][stream][density]`, each row summing to 1.
    var values: [Float]

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
        var values = [Float](repeating: 0, count: s * streams * d)
        for stream in 0..<streams {
            for density in 0..<d {
                guard let row = reader.bytes(s) else { throw fail("truncated weights") }
                for (senone, byte) in row.enumerated() {
                    let negativeLog = Double(Int(byte) << shift)
                    values[(senone * streams + stream) * d + density] = Float(pow(1.0001, -negativeLog))
                }
            }
        }
        for row in 0..<(s * streams) {
            let range = (row * d)..<((row + 1) * d)
            let sum = values[range].reduce(0, +)
            guard sum > 0 else { continue }
            for index in range { values[index] /= sum }
        }
        self.senones = s
        self.streams = streams
        self.densities = d
        self.values = values
    }

    /// The weights as a SphinxTrain binary parameter file (`s3` header, byte-order mark,
    /// the three sizes, their product, then the values as native floats).
    var s3Data: Data {
        var data = Data("s3\nversion 1.0\nendhdr\n".utf8)
        while data.count % 4 != 0 { data.insert(0x20, at: data.count - "endhdr\n".count) }
        for number in [UInt32(0x1122_3344), UInt32(senones), UInt32(streams), UInt32(densities), UInt32(values.count)] {
            withUnsafeBytes(of: number) { data.append(contentsOf: $0) }
        }
        values.withUnsafeBytes { data.append(contentsOf: $0) }
        return data
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

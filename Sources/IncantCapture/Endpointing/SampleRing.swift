/// The most recent `capacity` samples, oldest first; older samples are overwritten.
struct SampleRing {
    private var storage: [Int16]
    private var start = 0
    private(set) var count = 0

    init(capacity: Int) {
        storage = Array(repeating: 0, count: max(0, capacity))
    }

    var capacity: Int { storage.count }

    mutating func append<C: Collection>(contentsOf samples: C) where C.Element == Int16 {
        guard capacity > 0 else { return }
        for sample in samples.suffix(capacity) {
            storage[(start + count) % capacity] = sample
            if count < capacity {
                count += 1
            } else {
                start = (start + 1) % capacity
            }
        }
    }

    mutating func removeAll() {
        start = 0
        count = 0
    }

    /// The samples, oldest first.
    var contents: [Int16] {
        (0..<count).map { storage[(start + $0) % capacity] }
    }
}

/// How one system did on one set of clips: understood, wrongly accepted, rejected, and timing.
struct ConditionScore: Sendable {
    var clips = 0
    /// Clips whose expected shortcut and labelled parameters were all right.
    var correct = 0
    /// Clips for which some shortcut was accepted (right or wrong): false accepts on negatives.
    var accepted = 0
    var audioSeconds = 0.0
    var decodeSeconds: [Double] = []
    var resultSeconds: [Double] = []

    mutating func add(_ understanding: Understanding, clip: SpeechClip) {
        clips += 1
        if understanding.accepted != nil { accepted += 1 }
        if let expected = clip.expected, expected.isMet(by: understanding.accepted) { correct += 1 }
        audioSeconds += clip.audioSeconds
        decodeSeconds.append(understanding.decodeSeconds)
        resultSeconds.append(understanding.resultSeconds)
    }

    /// Adds the clips another worker scored.
    mutating func merge(_ other: ConditionScore) {
        clips += other.clips
        correct += other.correct
        accepted += other.accepted
        audioSeconds += other.audioSeconds
        decodeSeconds += other.decodeSeconds
        resultSeconds += other.resultSeconds
    }

    /// Correct clips as a fraction of all clips.
    var accuracy: Double { clips == 0 ? .nan : Double(correct) / Double(clips) }
    /// Accepted but wrong, as a fraction of all clips.
    var wrongRate: Double { clips == 0 ? .nan : Double(accepted - correct) / Double(clips) }
    /// Accepted, as a fraction of all clips (the false-accept rate on negatives).
    var acceptRate: Double { clips == 0 ? .nan : Double(accepted) / Double(clips) }
    /// Total decode time over total audio time.
    var realTimeFactor: Double { audioSeconds == 0 ? .nan : decodeSeconds.reduce(0, +) / audioSeconds }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
    }
}

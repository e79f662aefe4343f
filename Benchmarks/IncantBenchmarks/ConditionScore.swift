/// How one system did on one set of clips: understood, wrongly accepted, rejected, and timing.
struct ConditionScore: Sendable {
    var clips = 0
    /// Clips whose expected shortcut and labelled parameters were all right.
    var correct = 0
    /// Clips for which some shortcut was accepted (right or wrong): false accepts on negatives.
    var accepted = 0
    /// Clips a listener would ask "Did you say …?" about, where the answer yes runs the expected
    /// shortcut and parameters.
    var askedRight = 0
    /// Clips a listener would ask about, where yes would not run the expected shortcut (every
    /// such clip of a negative condition).
    var askedOther = 0
    /// Correct clips whose accepted parameters include one the label does not name
    /// (``Expectation/unlabelledParameters(of:)``).
    var correctWithUnlabelled = 0
    var audioSeconds = 0.0
    var decodeSeconds: [Double] = []
    var resultSeconds: [Double] = []

    mutating func add(_ understanding: Understanding, clip: SpeechClip) {
        clips += 1
        if understanding.accepted != nil { accepted += 1 }
        if let expected = clip.expected, expected.isMet(by: understanding.accepted) {
            correct += 1
            if !expected.unlabelledParameters(of: understanding.accepted).isEmpty { correctWithUnlabelled += 1 }
        }
        if let asked = understanding.askable {
            if clip.expected?.isMet(by: asked) == true { askedRight += 1 } else { askedOther += 1 }
        }
        audioSeconds += clip.audioSeconds
        decodeSeconds.append(understanding.decodeSeconds)
        resultSeconds.append(understanding.resultSeconds)
    }

    /// Adds the clips another worker scored.
    mutating func merge(_ other: ConditionScore) {
        clips += other.clips
        correct += other.correct
        accepted += other.accepted
        askedRight += other.askedRight
        askedOther += other.askedOther
        correctWithUnlabelled += other.correctWithUnlabelled
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
    /// Correct with a parameter the label does not name, as a fraction of all clips.
    var correctWithUnlabelledRate: Double { clips == 0 ? .nan : Double(correctWithUnlabelled) / Double(clips) }
    /// Asked about and right, as a fraction of all clips.
    var askedRightRate: Double { clips == 0 ? .nan : Double(askedRight) / Double(clips) }
    /// Asked about and not what was said (or a negative), as a fraction of all clips.
    var askedOtherRate: Double { clips == 0 ? .nan : Double(askedOther) / Double(clips) }
    /// Total decode time over total audio time.
    var realTimeFactor: Double { audioSeconds == 0 ? .nan : decodeSeconds.reduce(0, +) / audioSeconds }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
    }
}

extension AudioFrontEnd {
    /// A whole recording through the front end, as one stream; as many samples come out as
    /// went in. The front end's earlier stream is forgotten first.
    public func wholeRecording(_ samples: [Int16]) -> [Int16] {
        reset()
        return process(samples) + flush()
    }
}

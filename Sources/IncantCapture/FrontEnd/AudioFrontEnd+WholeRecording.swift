extension AudioFrontEnd {
    /// A whole recording through the front end, as one stream; as many samples come out as
    /// went in. The front end's earlier stream is forgotten first.
    public func wholeRecording(_ samples: [Int16]) -> [Int16] {
        reset()
        return process(samples) + flush()
    }

    /// A whole recording as it is recognized: as it came when `bypass` hears it so (a quiet
    /// room; the front end is not run at all), else through the front end as one stream.
    public func wholeRecording(_ samples: [Int16], bypass: FrontEndBypass?) -> [Int16] {
        guard let bypass else { return wholeRecording(samples) }
        return bypass.heard(processed: wholeRecording(samples), unprocessed: samples)
    }
}

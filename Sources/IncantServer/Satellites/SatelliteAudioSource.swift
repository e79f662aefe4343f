import IncantCapture

/// A satellite's microphone as an ``IncantCapture/AudioSource``: the 16 kHz samples its
/// `audio-chunk`s carry, converted as they arrive. The stream ends when the connection does.
struct SatelliteAudioSource: AudioSource {
    let feed: SatelliteAudioFeed
    let description: String

    func frames() -> AudioFrameStream {
        let feed = feed
        return AudioFrameStream(threadName: "incant.satellite") { sink in
            while let chunk = feed.take() {
                guard sink.send(chunk) else {
                    feed.finish()
                    return
                }
            }
        }
    }
}

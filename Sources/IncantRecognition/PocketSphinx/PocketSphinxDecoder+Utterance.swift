import CPocketSphinx

/// The internals every operation shares (lock held): the idle check, the search, an utterance's start and end.
extension PocketSphinxDecoder {
    func requireIdle() throws {
        if inUtterance {
            throw RecognitionError.decodingFailed(message: "an utterance is in progress; end it first")
        }
    }

    func select(_ name: String) throws {
        guard searches.contains(name), ps_set_search(decoder, name) == 0 else {
            throw RecognitionError.unknownSearch(name)
        }
    }

    /// Re-activates `previous` after loading a search (ps_set_* activates nothing, but be sure).
    func restore(_ previous: String?) throws {
        guard let previous, searches.contains(previous) else { return }
        _ = ps_set_search(decoder, previous)
    }

    func startUtterance() throws {
        guard ps_get_search(decoder) != nil else {
            throw RecognitionError.decodingFailed(message: "no grammar is loaded")
        }
        let mark = SphinxLog.mark
        // Without a new stream, 0.8 numbers frames from the first utterance ever decoded.
        guard ps_start_stream(decoder) == 0, ps_start_utt(decoder) == 0 else {
            throw RecognitionError.decodingFailed(message: Self.explain(since: mark, or: "ps_start_utt failed"))
        }
        inUtterance = true
        samplesInUtterance = 0
    }

    func finishUtterance() throws {
        inUtterance = false
        let mark = SphinxLog.mark
        guard ps_end_utt(decoder) == 0 else {
            throw RecognitionError.decodingFailed(message: Self.explain(since: mark, or: "ps_end_utt failed"))
        }
    }
}

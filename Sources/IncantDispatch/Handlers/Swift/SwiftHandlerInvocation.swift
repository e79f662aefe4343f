extension ShortcutHandler {
    /// Runs the stage named in `request`, turning a thrown error into a `failure` response.
    func respond(to request: ShortcutRequest) async -> ShortcutResponse {
        do {
            switch request.stage {
            case .confirm: return try await confirm(request)
            case .handle: return try await handle(request)
            }
        } catch {
            return .failure(reason: "handler error: \(error)")
        }
    }
}

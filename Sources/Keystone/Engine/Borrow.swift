extension Unmanaged {
    /// Runs `body` with the instance borrowed: no reference is taken for it, unlike
    /// `takeUnretainedValue()`, whose copy the optimizer keeps as a retain and a release
    /// wherever it cannot prove the instance alive (most of the cost of a nested resolve was
    /// such pairs). The caller guarantees the instance outlives the call.
    ///
    /// `_withUnsafeGuaranteedRef` is `rethrows`; the error `body` throws is its own.
    @inline(__always)
    func borrow<Result>(
        _ body: (Instance) throws(ResolutionError) -> Result
    ) throws(ResolutionError) -> Result {
        do {
            return try _withUnsafeGuaranteedRef(body)
        } catch {
            throw error as! ResolutionError
        }
    }
}

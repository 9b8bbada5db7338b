// SwiftPM links an executable's entry point as `<Target>_main`; built with
// -parse-as-library a fuzz target has none, so each defines that symbol and
// hands over to libFuzzer's driver through this function.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments over `callback`.
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, callback)
}

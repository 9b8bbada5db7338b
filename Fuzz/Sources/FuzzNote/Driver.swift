import FuzzDriver

@_cdecl("FuzzNote_main")
func driverMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzNote)
}

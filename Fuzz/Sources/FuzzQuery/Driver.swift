import FuzzDriver

@_cdecl("FuzzQuery_main")
func driverMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzQuery)
}

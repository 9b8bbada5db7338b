import FuzzDriver

@_cdecl("FuzzLSPFraming_main")
func driverMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzLSPFraming)
}

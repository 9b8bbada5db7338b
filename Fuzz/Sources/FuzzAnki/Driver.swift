import FuzzDriver

@_cdecl("FuzzAnki_main")
func driverMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzAnki)
}

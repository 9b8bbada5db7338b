import FuzzDriver

@_cdecl("FuzzLedger_main")
func driverMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzLedger)
}

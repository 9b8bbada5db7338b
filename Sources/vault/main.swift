import VaultCLI
import VaultServe

// One executable for both programs, so that one copy of the Swift runtime,
// Foundation and ICU is installed (benchmarks/STARTUP.md): called as
// `vault-serve` (the link `make install` puts beside `vault`, which
// `vault serve` execs) it is the web server, else the command line.
if ServeMain.isCalledAsServer { ServeMain.runAndExit() } else { VaultCommand.runAndExit() }

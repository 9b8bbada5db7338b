import VaultCLI

VaultCommand.runAndExit()

import VaultServe

ServeMain.runAndExit()

import Foundation
import VaultProcess
import VaultServe

FreedMemory.settleForServing()

exit(await ServeMain.run())

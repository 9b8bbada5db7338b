import Foundation
import VaultServe

exit(await ServeMain.run())

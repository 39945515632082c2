// The KeystoneSwoin compatibility module: Swoin's API over a Keystone container.

import Keystone

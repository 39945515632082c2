// The KeystoneZerk compatibility module: Zerk's API over a Keystone container.

import Keystone

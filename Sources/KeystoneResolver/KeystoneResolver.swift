// The KeystoneResolver compatibility module: Resolver's API over a Keystone container.

import Keystone

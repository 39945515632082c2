// The KeystoneKOInject compatibility module: KOInject's API over a Keystone container.

import Keystone

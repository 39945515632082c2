// The helpers are header-only; this file exists because a C target needs a source file.
#include "KeystoneAtomics.h"

// Acquire/release loads and stores for Keystone's lock-free read paths.
//
// The registry is read without a lock: writers (holding the registry's write lock) build a
// node completely, then publish it with a release store; readers load it with an acquire
// load and see a fully built node. These are `static inline` so that the Swift optimizer
// inlines them into the resolve path.
#ifndef KEYSTONE_ATOMICS_H
#define KEYSTONE_ATOMICS_H

#include <stdbool.h>

static inline void *_Nullable keystone_load_acquire(void *_Nullable const *_Nonnull address) {
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

static inline void keystone_store_release(void *_Nullable *_Nonnull address, void *_Nullable value) {
    __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

static inline bool keystone_load_flag(const bool *_Nonnull address) {
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

static inline void keystone_store_flag(bool *_Nonnull address, bool value) {
    __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

#endif

// Atomic loads and stores, read sections, the one-word lock and thread-local words, for
// Keystone's lock-free read paths.
//
// The registry is read without a lock: writers (holding the registry's write lock) build a
// node completely, then publish it with a sequentially consistent store; readers load it with
// a sequentially consistent load and see a fully built node. Word-sized loads and stores have
// one strength here, sequentially consistent (stronger than the acquire and release the
// simplest of them need): on x86-64 such a load is the same instruction as an acquire load
// (`mov`), and on ARM64 both are `ldar`; such a store costs an exchange on x86-64, and only
// rare writers (a word published once, the logging switch, a flag: `Flag` in
// Keystone/Engine/Lock.swift) would have used a release store. These are `static inline` so
// that the Swift optimizer inlines them into the resolve path.
#ifndef KEYSTONE_THREAD_PRIMITIVES_H
#define KEYSTONE_THREAD_PRIMITIVES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// MARK: - Read sections
//
// What the registry's lock-free readers use (its tables, its slots, the instances they
// publish) is unlinked by a writer while readers may still be using it, and freed only once no
// reader can be: epoch-based reclamation, in the style of the Linux kernel's RCU.
//
// * A reader brackets every lock-free read in a read section, `keystone_read_begin` and
//   `keystone_read_end` (or `keystone_read_leave`). The begin loads the global epoch and stores
//   it in the thread's record; the end stores 0 (a release store). Sections do not nest. A
//   section runs no user code, waits for nothing but a slot lock (whose holders wait for
//   nothing), and so ends soon.
// * A writer unlinks what it retires (a table replaced, a slot removed, a box unpublished),
//   then calls `keystone_read_synchronize` before freeing it. That bumps the epoch to a new
//   value N and waits, record by record, until each thread is outside any section or in one
//   that began at epoch N or later.
//
// Why a reader never uses freed memory. Every store that unlinks, the epoch bump, the
// reader's epoch load, its store to its record, and the loads a reader makes inside a section
// of anything a writer may unlink, are sequentially consistent; so are the push that adds a
// new thread's record to the list of records and the writer's load of that list, so that a
// writer whose scan misses a record pushed after its load also precedes, with its unlink,
// everything that record's first section loads. In their single total order,
// either the writer's scan reads the reader's record after the reader's store of its epoch:
// the scan then waits for the reader's release store of 0 (or a later section, which began
// after the bump); the acquire load that sees it makes everything the reader did happen
// before the free. Or the scan reads the record before that store: then the unlink, which
// precedes the scan, precedes every load of the reader's section, and the reader cannot reach
// what was unlinked. A section that begins by loading the bumped epoch (N or later) likewise
// follows the bump, and with it the unlink.
//
// A writer never synchronizes inside its own section (sections run no user code, and writers
// are called by user code), nor while holding a slot lock (a reader in a section may wait for
// it). Its own record is skipped, so that a misplaced call cannot wait for itself forever.
// Records are never freed: one per thread that ever read, reused once its thread exits.

/// One thread's record. `next` is immutable once the record is in the list. Each record is
/// allocated on a 128-byte boundary and padded to 128 bytes, so that two threads' records never
/// share a cache line (or the pair of lines the prefetcher fetches together): a reader writes
/// its record on every read, and sharing a line would make two readers contend.
typedef struct keystone_read_record {
    /// The epoch loaded when the thread's section began; 0 outside a section.
    uint64_t entered;
    /// While the thread's outermost synchronous resolution runs, once it has borrowed a
    /// registration: the epoch then, shifted left 16 bits, and in the low 16 bits the family
    /// of containers it borrowed from (0 once it borrowed from two); 0 otherwise (see
    /// "Retired registrations" below).
    uint64_t resolving;
    struct keystone_read_record *_Nullable next;
    bool active;
    /// Whether the record's thread is the main thread: set by the thread when it takes the
    /// record, read only by that thread (`keystone_on_main_thread`).
    bool main_thread;
    char padding[128 - 2 * sizeof(uint64_t) - sizeof(void *) - 2 * sizeof(bool)];
} keystone_read_record;

/// The calling thread's record, or NULL before its first read.
extern _Thread_local keystone_read_record *_Nullable keystone_read_mine;

/// The global epoch, starting at 1. Only `keystone_read_synchronize` changes it.
extern uint64_t keystone_read_epoch;

/// Gives the calling thread a record (reusing one whose thread exited) and returns it.
keystone_read_record *_Nonnull keystone_read_enroll(void);

/// Begins a read section. The thread is in none (sections do not nest).
static inline void keystone_read_begin(void) {
    keystone_read_record *record = keystone_read_mine;
    if (__builtin_expect(record == NULL, 0)) record = keystone_read_enroll();
    __atomic_store_n(&record->entered, __atomic_load_n(&keystone_read_epoch, __ATOMIC_SEQ_CST), __ATOMIC_SEQ_CST);
}

/// Ends the thread's read section, after a copy out of a published box.
///
/// Deliberately not inline: to the Swift optimizer an opaque call may release any object, so
/// it cannot sink the retain of a value just copied out of a published box past this call.
/// (Inlined, the end is a plain store, and the optimizer could move the retain after it,
/// reopening the window that sections close.)
void keystone_read_end(void);

/// `keystone_read_end`, inline: for a section whose last use of what it found is under a slot
/// lock (the reference it keeps is taken before that lock's release, which no retain passes).
static inline void keystone_read_leave(void) {
    __atomic_store_n(&keystone_read_mine->entered, 0, __ATOMIC_RELEASE);
}

/// Waits until every read section that began before this call has ended. Call it after
/// unlinking what a reader may still use, with no slot lock held, before freeing it.
void keystone_read_synchronize(void);

/// A sequentially consistent load: for what a reader loads inside a section that a writer may
/// unlink (see "Read sections"), and for any word published with `keystone_publish` or
/// `keystone_publish_if_empty` (it acquires what the store released).
static inline void *_Nullable keystone_load_sequential(void *_Nullable const *_Nonnull address) {
    return __atomic_load_n(address, __ATOMIC_SEQ_CST);
}

/// Whether the calling thread is the main thread, from its record (made here if the thread has
/// none yet), without a system call on every question. (On Linux the main actor may also run on
/// a thread that drains the main queue: the caller asks the queue too.)
static inline bool keystone_on_main_thread(void) {
    keystone_read_record *record = keystone_read_mine;
    if (__builtin_expect(record == NULL, 0)) record = keystone_read_enroll();
    return record->main_thread;
}

/// Publishes `value` at `address` (a sequentially consistent store, which releases what was
/// written before it): for readers that load it in a read section (a box, a table, a slot, or
/// the tombstone that unlinks one), and for any word a reader loads with
/// `keystone_load_sequential` (a slot's published word, made once; a registry's logging switch).
static inline void keystone_publish(void *_Nullable *_Nonnull address, void *_Nullable value) {
    __atomic_store_n(address, value, __ATOMIC_SEQ_CST);
}

/// Unpublishes what `address` holds and returns it; free it after `keystone_read_synchronize`.
static inline void *_Nullable keystone_unpublish(void *_Nullable *_Nonnull address) {
    return __atomic_exchange_n(address, NULL, __ATOMIC_SEQ_CST);
}

/// Stores `desired` at `address` if it still holds `expected`, and returns whether it did: a
/// sequentially consistent compare-and-exchange (so it releases what was written before it,
/// and acquires what the store it replaces released).
///
/// * To publish state made on first need by whichever thread needs it first, `expected` is
///   NULL: a thread that loses keeps its own and uses the winner's.
/// * To withdraw a box published in a word that another writer may have withdrawn (and
///   republished) since, `desired` is NULL: if it did, free `expected` after
///   `keystone_read_synchronize`, as after `keystone_unpublish`.
static inline bool keystone_replace_if(
    void *_Nullable *_Nonnull address, void *_Nullable expected, void *_Nullable desired) {
    return __atomic_compare_exchange_n(address, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

// MARK: - The one-word lock
//
// A one-word mutual-exclusion lock: each registration's, each registry's and each container's
// lifecycle's (`WordLock` and `ConditionLock` in Keystone/Engine/Lock.swift), and the
// others (`Lock` there). The slot lock is taken on every resolve that the lock-free read does
// not answer, so the uncontended path is one compare-and-exchange to take it and one exchange
// to release it, inlined into the caller; a `pthread_mutex_t` costs two library calls and 40
// bytes. It is never waited on with a
// condition variable (`ConditionLock` waits with a pthread mutex and condition of its own).
//
// On Apple platforms it is `os_unfair_lock`. Elsewhere it is the three-state futex lock
// described by Ulrich Drepper in "Futexes Are Tricky" (mutex 3): the word is 0 (free), 1 (held)
// or 2 (held, and a thread may be asleep waiting for it).
//
// * Taking it: a compare-and-exchange from 0 to 1 with acquire ordering. If that fails, the
//   slow path exchanges in 2 (acquire) and, while the old value was not 0, sleeps in the kernel
//   while the word is still 2 and exchanges 2 in again when woken. The acquire of the exchange
//   that finds 0 pairs with the release of the unlock that stored it, so the new holder sees
//   everything the previous holder wrote.
// * Releasing it: an exchange to 0 with release ordering, so that what the holder wrote happens
//   before the next acquire of the lock; if the old value was 2, one sleeper is woken (it then
//   exchanges in 2 itself, so that a later release wakes any other sleeper).
// * The kernel checks the word and puts the thread to sleep atomically, so a release between a
//   waiter's exchange and its sleep is not lost: the word is no longer 2, and the sleep returns
//   at once. A spurious wake-up only loops.
//
// A lock is made free by zeroing it (`keystone_lock()` in Swift): `OS_UNFAIR_LOCK_INIT` is zero,
// and so is the futex word's free state. Nothing else initialises it, and it needs no
// destruction.
//
// A slot lock is never held while its holder waits for anything else or runs user code; the
// container-wide locks say in Swift what they guard and in which order they are taken.

#if defined(__APPLE__)
#include <os/lock.h>
typedef os_unfair_lock keystone_lock;
#else
#include <stdint.h>
typedef struct keystone_lock {
    uint32_t state;
} keystone_lock;

/// Sleeps until the lock is free and takes it: the contended path of `keystone_lock_lock`.
void keystone_lock_lock_contended(keystone_lock *_Nonnull lock);

/// Wakes one thread asleep in `keystone_lock_lock_contended`.
void keystone_lock_wake(keystone_lock *_Nonnull lock);
#endif

static inline void keystone_lock_lock(keystone_lock *_Nonnull lock) {
#if defined(__APPLE__)
    os_unfair_lock_lock(lock);
#else
    uint32_t expected = 0;
    if (__builtin_expect(
            __atomic_compare_exchange_n(&lock->state, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED), 1))
        return;
    keystone_lock_lock_contended(lock);
#endif
}

/// Takes the lock if it is free, and returns whether it did.
static inline bool keystone_lock_trylock(keystone_lock *_Nonnull lock) {
#if defined(__APPLE__)
    return os_unfair_lock_trylock(lock);
#else
    uint32_t expected = 0;
    return __atomic_compare_exchange_n(&lock->state, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
#endif
}

static inline void keystone_lock_unlock(keystone_lock *_Nonnull lock) {
#if defined(__APPLE__)
    os_unfair_lock_unlock(lock);
#else
    if (__builtin_expect(__atomic_exchange_n(&lock->state, 0, __ATOMIC_RELEASE) == 2, 0)) keystone_lock_wake(lock);
#endif
}

// MARK: - Per-thread resolution state
//
// Two thread-local words for the resolve path, cheaper than `pthread_getspecific`: the
// resolution running on this thread (unretained), and a finished resolution context kept
// (retained) for the next top-level resolution on this thread to reuse, so that a resolve
// allocates no context. `keystone_spare_release` is called with the spare when its thread exits.

extern _Thread_local void *_Nullable keystone_current_resolution;
extern _Thread_local void *_Nullable keystone_spare_resolution;

static inline void *_Nullable keystone_get_current_resolution(void) { return keystone_current_resolution; }

/// Sets the resolution running on this thread. When it has none again, the thread's outermost
/// resolution has ended: if that resolution borrowed a registration, the record notes 0 again,
/// and the result says whether the epoch moved meanwhile (a registration may have been
/// retired: the caller then tries to reclaim); false otherwise.
static inline bool keystone_set_current_resolution(void *_Nullable context) {
    keystone_current_resolution = context;
    keystone_read_record *record = keystone_read_mine;
    if (context != NULL || record == NULL) return false;
    uint64_t noted = __atomic_load_n(&record->resolving, __ATOMIC_RELAXED);  // only this thread stores it
    if (noted == 0) return false;
    __atomic_store_n(&record->resolving, 0, __ATOMIC_SEQ_CST);
    return __atomic_load_n(&keystone_read_epoch, __ATOMIC_SEQ_CST) != noted >> 16;
}

// MARK: - Retired registrations
//
// A synchronous resolution's lookups use the registration they find in a slot without
// a reference of their own (a retain and a release on every nested resolve): the registration
// stays alive because whoever takes it out of its slot (a re-registration, `unload`,
// `dispose`) does not release it while a resolution that began before may still use it.
//
// * A thread's outermost resolution notes the epoch in the thread's record before it borrows
//   its first registration (`keystone_resolving_note`), and 0 when it ends
//   (`keystone_set_current_resolution`). A top-level resolve's own lookup borrows too, just
//   before its resolution starts: its note counts as that resolution's, which always follows
//   on the same thread and ends it. With the epoch it notes the family of containers it
//   borrows from (a container and its descendants: one tag), or "any" once it borrows from a
//   second family; only the resolutions of a registration's family (or of any) hold it up, so
//   that one container's resolutions never delay another's releases.
// * A writer takes the registration out of its slot under the slot's lock; then, under the
//   lock of the list of retired registrations, bumps the epoch to N (`keystone_retire_epoch`)
//   and keeps the registration on the list, marked N. It releases it once
//   `keystone_resolving_oldest` is N or more: every thread then runs no resolution, or one
//   that began at epoch N or later. A resolution that ends and finds the epoch moved since it
//   began tries the list again. (When a scan made after the removal finds no thread resolving
//   at all, the writer releases the registration at once, without the bump or the list: by
//   the argument below, any resolution that may have found it has ended.)
//
// The family is only ever widened to "any", never changed to another family, and the store
// that widens it is sequenced before the critical section of the borrow that needs it: so the
// argument below holds for a scan that skips the records of other families.
//
// Why no resolution uses a released registration. A resolution reads a slot's registration
// under the slot's lock. If that read's critical section precedes the writer's (the one that
// took it out), then the resolution's store of its epoch, sequenced before it, happens before
// the writer's scan (through the lock), which therefore reads that store or a later one: the
// resolution's epoch (below N: the writer keeps the registration), or the 0 it stores when it
// ends, or the epoch of a later resolution of the same thread (stored after that 0): both are
// release stores, which the scan's load acquires, so everything the resolution did happens
// before the release.
// Otherwise the read's critical section follows the writer's, and finds the new registration.
// A resolution whose epoch is N or later loaded it after the bump (an acquire load of a
// release increment, which follows the removal), so every critical section it enters follows
// the writer's. A record pushed after the writer loaded the list belongs to a thread whose
// critical sections follow the writer's (its push, a sequentially consistent exchange,
// precedes them; see "Read sections").
//
// Why a registration kept for a running resolution is released when it ends. The resolution
// stores 0 and then loads the epoch, both sequentially consistent; the writer bumps the epoch
// and then scans, sequentially consistent too. So either the writer's scan sees the 0 (and
// releases), or the resolution sees the bump, and then it tries the list under the list's
// lock, which it takes after the writer's critical section (the bump is in it), and so finds
// the registration there.

/// Notes, before a resolution running on this thread borrows a registration of the container
/// family `family` (nonzero), the epoch at which it borrowed its first, and the family (or 0
/// once it borrows from a second one): in a read section (so the thread has a record), before
/// the lock under which it reads the registration.
static inline void keystone_resolving_note(uint16_t family) {
    keystone_read_record *record = keystone_read_mine;
    uint64_t noted = __atomic_load_n(&record->resolving, __ATOMIC_RELAXED);  // only this thread stores it
    if (noted != 0) {
        uint16_t tag = (uint16_t)(noted & 0xFFFF);
        if (tag != family && tag != 0) __atomic_store_n(&record->resolving, noted & ~(uint64_t)0xFFFF, __ATOMIC_RELEASE);
        return;
    }
    uint64_t epoch = __atomic_load_n(&keystone_read_epoch, __ATOMIC_ACQUIRE);
    __atomic_store_n(&record->resolving, epoch << 16 | family, __ATOMIC_RELEASE);
}

/// Bumps the epoch and returns the new value: what a registration just taken out of its slot
/// is marked with.
static inline uint64_t keystone_retire_epoch(void) {
    return __atomic_add_fetch(&keystone_read_epoch, 1, __ATOMIC_SEQ_CST);
}

/// The lowest epoch at which a resolution running now borrowed its first registration, among
/// those that borrowed from the container family `family` (or from more than one family);
/// UINT64_MAX if none runs. A registration of that family marked with it or a lower epoch is
/// used by no resolution.
uint64_t keystone_resolving_oldest(uint16_t family);

/// Takes the spare context (retained), leaving none.
static inline void *_Nullable keystone_take_spare_resolution(void) {
    void *spare = keystone_spare_resolution;
    keystone_spare_resolution = NULL;
    return spare;
}

/// Whether this thread has registered the destructor that releases its spare at thread exit.
extern _Thread_local bool keystone_spare_enrolled;

/// Registers that destructor (with `release`, the same function every time) and keeps
/// `context` as the spare: the first `keystone_keep_spare_resolution` on a thread.
bool keystone_enroll_spare_resolution(void *_Nonnull context, void (*_Nonnull release)(void *_Nonnull));

/// Keeps `context` (retained) as this thread's spare, and returns true, if there is none yet;
/// otherwise returns false and the caller keeps its reference. Inline: every top-level resolve
/// ends here.
static inline bool keystone_keep_spare_resolution(void *_Nonnull context, void (*_Nonnull release)(void *_Nonnull)) {
    if (keystone_spare_resolution != NULL) return false;
    if (__builtin_expect(!keystone_spare_enrolled, 0)) return keystone_enroll_spare_resolution(context, release);
    keystone_spare_resolution = context;
    return true;
}

#endif

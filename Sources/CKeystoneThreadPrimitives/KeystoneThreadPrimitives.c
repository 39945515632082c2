// The read-section records; the other helpers are header-only (see KeystoneThreadPrimitives.h).
#include "KeystoneThreadPrimitives.h"

#if defined(__APPLE__)
#include <pthread.h>
#elif defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

_Thread_local keystone_read_record *keystone_read_mine = NULL;
uint64_t keystone_read_epoch = 1;

/// Every record ever made, newest first. Records are pushed with a release exchange and never
/// removed, so a reader of the list needs no lock.
static keystone_read_record *records = NULL;

/// Whether the calling thread is the process's main thread, kept in its record
/// (`keystone_on_main_thread`). Synchronous code there is main-actor code; `MainActorContext`
/// (Keystone/Engine) combines this with the main dispatch queue's marker, because on Linux the
/// main actor's jobs may run on another thread.
static bool is_main_thread(void) {
#if defined(__APPLE__)
    return pthread_main_np() != 0;
#elif defined(__linux__)
    // The main thread's id is the process id.
    return syscall(SYS_gettid) == getpid();
#else
#error "Keystone needs a main-thread check for this platform"
#endif
}

static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

/// Runs when a thread that has a record exits: frees the record for another thread.
static void release_record(void *value) {
    keystone_read_record *record = value;
    keystone_read_mine = NULL;  // a later read on this thread (another destructor) enrolls again
    __atomic_store_n(&record->entered, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&record->resolving, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&record->active, false, __ATOMIC_RELEASE);
}

static void make_exit_key(void) {
    if (pthread_key_create(&exit_key, release_record) != 0) abort();
}

keystone_read_record *keystone_read_enroll(void) {
    pthread_once(&exit_key_once, make_exit_key);
    keystone_read_record *record = NULL;
    for (keystone_read_record *candidate = __atomic_load_n(&records, __ATOMIC_ACQUIRE); candidate != NULL;
         candidate = candidate->next) {
        bool inactive = false;
        if (__atomic_compare_exchange_n(&candidate->active, &inactive, true, false, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED)) {
            record = candidate;
            break;
        }
    }
    if (record == NULL) {
        record = aligned_alloc(128, sizeof(keystone_read_record));
        if (record == NULL) abort();
        memset(record, 0, sizeof(keystone_read_record));
        record->active = true;
        keystone_read_record *head = __atomic_load_n(&records, __ATOMIC_RELAXED);
        // Sequentially consistent, as the writer's load of the list: a scan that misses this
        // record precedes this thread's first section (see "Read sections" in the header).
        do {
            record->next = head;
        } while (!__atomic_compare_exchange_n(&records, &head, record, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
    }
    if (pthread_setspecific(exit_key, record) != 0) abort();
    record->main_thread = is_main_thread();
    keystone_read_mine = record;
    return record;
}

void keystone_read_end(void) { __atomic_store_n(&keystone_read_mine->entered, 0, __ATOMIC_RELEASE); }

void keystone_read_synchronize(void) {
    // The new epoch: a section that loads it (or a later one) began after this bump, and so
    // after every unlink that precedes this call.
    uint64_t epoch = __atomic_add_fetch(&keystone_read_epoch, 1, __ATOMIC_SEQ_CST);
    keystone_read_record *mine = keystone_read_mine;
    for (keystone_read_record *record = __atomic_load_n(&records, __ATOMIC_SEQ_CST); record != NULL;
         record = record->next) {
        if (record == mine) continue;
        for (;;) {
            uint64_t entered = __atomic_load_n(&record->entered, __ATOMIC_SEQ_CST);
            if (entered == 0 || entered >= epoch) break;
            sched_yield();
        }
    }
}

uint64_t keystone_resolving_oldest(uint16_t family) {
    uint64_t oldest = UINT64_MAX;
    for (keystone_read_record *record = __atomic_load_n(&records, __ATOMIC_SEQ_CST); record != NULL;
         record = record->next) {
        uint64_t noted = __atomic_load_n(&record->resolving, __ATOMIC_SEQ_CST);
        if (noted == 0) continue;
        uint16_t tag = (uint16_t)(noted & 0xFFFF);
        if (tag != 0 && tag != family) continue;
        if (noted >> 16 < oldest) oldest = noted >> 16;
    }
    return oldest;
}

// MARK: - Per-thread resolution state

_Thread_local void *keystone_current_resolution = NULL;
_Thread_local void *keystone_spare_resolution = NULL;

static pthread_key_t spare_key;
static pthread_once_t spare_key_once = PTHREAD_ONCE_INIT;
static void (*spare_release)(void *) = NULL;
_Thread_local bool keystone_spare_enrolled = false;

/// Runs when a thread that kept a spare exits: releases it.
static void release_spare(void *value) {
    (void)value;
    keystone_spare_enrolled = false;  // a later spare on this thread (another destructor) enrolls again
    void *spare = keystone_spare_resolution;
    keystone_spare_resolution = NULL;
    if (spare != NULL) __atomic_load_n(&spare_release, __ATOMIC_RELAXED)(spare);
}

static void make_spare_key(void) {
    if (pthread_key_create(&spare_key, release_spare) != 0) abort();
}

bool keystone_enroll_spare_resolution(void *context, void (*release)(void *)) {
    pthread_once(&spare_key_once, make_spare_key);
    __atomic_store_n(&spare_release, release, __ATOMIC_RELAXED);  // the same function every time
    // Any non-NULL value makes pthreads call the destructor at thread exit.
    if (pthread_setspecific(spare_key, &keystone_spare_enrolled) != 0) abort();
    keystone_spare_enrolled = true;
    keystone_spare_resolution = context;
    return true;
}

// MARK: - The one-word lock's contended path (see KeystoneThreadPrimitives.h)
// (On Apple platforms the lock is os_unfair_lock, which has its own.)

#if !defined(__APPLE__)
#if defined(__linux__)
#include <linux/futex.h>
static void lock_sleep(keystone_lock *lock) {
    // Returns at once if the word is no longer 2; EINTR and spurious wake-ups only loop.
    syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
}
void keystone_lock_wake(keystone_lock *lock) { syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0); }
#else
// No futex: yield instead of sleeping. Correct, if slower under contention.
static void lock_sleep(keystone_lock *lock) {
    (void)lock;
    sched_yield();
}
void keystone_lock_wake(keystone_lock *lock) { (void)lock; }
#endif

void keystone_lock_lock_contended(keystone_lock *lock) {
    uint32_t state = __atomic_exchange_n(&lock->state, 2, __ATOMIC_ACQUIRE);
    while (state != 0) {
        lock_sleep(lock);
        state = __atomic_exchange_n(&lock->state, 2, __ATOMIC_ACQUIRE);
    }
}
#endif

#ifndef STATEGATE_CPLATFORM_INTERNAL_H
#define STATEGATE_CPLATFORM_INTERNAL_H

/* What the C files of CPlatform share, and nothing outside them sees. */

#include <signal.h>
#include <stddef.h>

#define STATEGATE_HIDDEN __attribute__((visibility("hidden")))

/* The signals a crash raises: SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT. */
#define STATEGATE_FATAL_SIGNAL_COUNT 6
STATEGATE_HIDDEN extern const int stategate_fatal_signals[STATEGATE_FATAL_SIGNAL_COUNT];

/* Writes all `length` bytes, retrying on EINTR; async-signal-safe. Returns 0, or -1. */
STATEGATE_HIDDEN int stategate_write_all(int descriptor, const char *bytes, size_t length);

/* Writes `value` in decimal; async-signal-safe. Returns 0, or -1. */
STATEGATE_HIDDEN int stategate_write_decimal(int descriptor, long value);

/* Installs `handler` for every fatal signal, keeping the actions it replaces in `previous`. */
STATEGATE_HIDDEN void stategate_install_fatal_handler(void (*handler)(int, siginfo_t *, void *),
                                                      struct sigaction previous[]);

/* Hands fatal signal `number` back to the action it had before (in `previous`). */
STATEGATE_HIDDEN void stategate_hand_back_fatal_signal(int number, const siginfo_t *info,
                                                       const struct sigaction previous[]);

/* Writes out what the event buffer holds, from a fatal-signal handler. */
STATEGATE_HIDDEN void stategate_buffer_write_out_on_crash(void);

#endif

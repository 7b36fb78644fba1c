#ifndef STATEGATE_CPLATFORM_H
#define STATEGATE_CPLATFORM_H

#include <stddef.h>

/* Renames `from` to `to` only if `to` does not exist, atomically (renameat2 RENAME_NOREPLACE on
   Linux, renamex_np RENAME_EXCL on Apple platforms). Returns 0, or -1 with errno set (EEXIST
   when `to` exists). */
int stategate_rename_noreplace(const char *from, const char *to);

/* Creates a pipe whose two ends are close-on-exec from the instant they exist (pipe2 with
   O_CLOEXEC on Linux), so a process another thread spawns meanwhile inherits neither end and a
   reader sees the end of the pipe when its writer ends. Returns 0, or -1 with errno set. */
int stategate_pipe_cloexec(int descriptors[2]);

/* Arms a last-words handler for fatal signals (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE,
   SIGABRT): it writes `manifest` (prepared in advance) to `manifest_path` if that file does not
   exist, renames `from_directory` to `to_directory` without replacing anything, and lets the
   signal take its default course. Only async-signal-safe calls run in the handler. Returns 0, or
   -1 if memory for the copies could not be allocated. */
int stategate_arm_crash_record(const char *manifest_path, const char *manifest, size_t length,
                               const char *from_directory, const char *to_directory);

/* Replaces the prepared manifest of an armed handler with `head`, then (when `tail` is not NULL)
   the decimal number last given to stategate_set_crash_step, then `tail`; the handlers stay
   installed. Returns 0, or -1 if the handler is not armed or memory could not be allocated (the
   previous manifest then stays). */
int stategate_update_crash_record(const char *head, size_t head_length, const char *tail,
                                  size_t tail_length);

/* Sets the number the crash record writes between its head and tail: the last step completed.
   Async-signal-safe and cheap enough to call after every step. */
void stategate_set_crash_step(long step);

/* Disarms the handler and frees the copies. */
void stategate_disarm_crash_record(void);

/* Starts the process's one crash-safe output buffer for `descriptor`, of `capacity` bytes: what
   stategate_buffer_append holds is written by stategate_buffer_flush, by stategate_buffer_stop,
   and, when the crash record is armed, by its handler before it writes the record, so a crash
   loses nothing appended before it. Returns 0, or -1 if a buffer is already started or memory
   could not be allocated. The caller keeps owning the descriptor. */
int stategate_buffer_start(int descriptor, size_t capacity);

/* Appends `length` bytes, writing the buffer first when they do not fit (and writing them
   directly when they are larger than the buffer). Returns 0, or -1 with errno set when a write
   failed or no buffer is started. */
int stategate_buffer_append(const void *bytes, size_t length);

/* Writes what the buffer holds. Returns 0, or -1 with errno set. */
int stategate_buffer_flush(void);

/* Flushes and releases the buffer. Returns the flush's result, or -1 if none was started. */
int stategate_buffer_stop(void);

/* Starts a worker's reply buffer for `descriptor`, of `capacity` bytes. An append writes the
   buffer out when it is full, when its oldest bytes are older than `max_age_ns` nanoseconds, or
   when more than that passed since the append before (a slow step is reported at once); so are
   stategate_replies_flush, SIGURG (a run sends it before it kills a worker that ran past a time
   limit), `exit` and a fatal signal, before the signal takes its course. A worker that traps,
   exits or hangs so loses no reply it completed (only `_exit` and SIGKILL skip the buffer). On
   a fatal signal it then writes the reply {"kind":"crashing","signal":N,"version":`version`},
   so the run knows the worker is ending, however long the crash report after it takes. Returns 0, or -1 if a buffer is already started or memory could
   not be allocated. */
int stategate_replies_start(int descriptor, size_t capacity, long max_age_ns, int version);

/* Appends `length` bytes to the reply buffer, writing it out as stategate_replies_start says.
   Returns 0, or -1 with errno set when a write failed or no
   buffer is started. */
int stategate_replies_append(const void *bytes, size_t length);

/* Writes what the reply buffer holds. Returns 0, or -1 with errno set. */
int stategate_replies_flush(void);

/* A test hook: makes every fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT) take
   `milliseconds` before the process dies, as a slow crash report does. */
void stategate_test_slow_crash(unsigned int milliseconds);

/* Catches SIGINT, SIGTERM and SIGHUP (the first one's number is kept for
   stategate_interrupt_signal, and none has its default action) and ignores SIGPIPE and SIGXFSZ,
   so a write to a closed pipe or past the file-size limit fails with EPIPE or EFBIG instead of
   ending the process. An executable that defines the function stategate_wants_signals_from_start
   (any body) has this done by a constructor before main and before anything else of the process
   runs, unless STATEGATE_WORKER is set (a worker keeps the default actions its run gave it).
   Returns 0, or -1 with errno set. */
int stategate_catch_signals_from_start(void);

/* Catches SIGINT, SIGTERM and SIGHUP from now on, each installed in one step (no moment at which
   one is ignored or lost), keeping the actions it replaces for stategate_release_interrupts. The
   first signal's number is kept for stategate_interrupt_signal, one caught before (by the
   handlers stategate_catch_signals_from_start installed) included, and every one writes a byte to
   `wake_fd` (non-blocking; -1 for none); so does a signal caught before, at once. Returns 0, or -1
   with errno set. */
int stategate_catch_interrupts(int wake_fd);

/* The first signal caught since the process started or stategate_release_interrupts last ran,
   or 0. */
int stategate_interrupt_signal(void);

/* Whether stategate_catch_interrupts ever ran in this process: a command watched for
   interrupts, and answered any it saw. */
int stategate_interrupts_watched(void);

/* Puts back the actions of SIGINT, SIGTERM and SIGHUP that stategate_catch_interrupts replaced
   (the default actions if it did not run), forgets the wake descriptor and the signal caught:
   the command that watched has answered it. */
void stategate_release_interrupts(void);

/* Starts `path` with `argv` and `envp` (NULL-terminated) as a worker process in a process group of
   its own: its standard input is `input_fd`, its standard output and error go to `log_fd`, and
   file descriptor 3 is `reply_fd`. The signals the parent ignores or catches (SIGINT, SIGTERM,
   SIGHUP, SIGPIPE, SIGXFSZ) are back to their default actions in the worker, and its signal mask
   is empty.
   Returns 0 and stores the pid, or an errno value. */
int stategate_spawn_worker(const char *path, char *const argv[], char *const envp[], int input_fd,
                           int reply_fd, int log_fd, int *pid);

/* Asks the kernel to kill this process with SIGKILL when its parent dies, then checks that the
   parent is still `expected_parent` (it may have died before the request). Returns 0, or -1 when
   the parent is already gone (the caller should exit). Linux only; elsewhere it returns 0. */
int stategate_die_with_parent(int expected_parent);

/* The offset of the first occurrence of `needle` in `haystack`, or -1. */
long stategate_find_bytes(const void *haystack, size_t haystack_length, const void *needle,
                          size_t needle_length);

#endif

#define _GNU_SOURCE
#include "CPlatform.h"

#include <errno.h>
#include <spawn.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int stategate_rename_noreplace(const char *from, const char *to) {
#if defined(__APPLE__)
  return renamex_np(from, to, RENAME_EXCL);
#elif defined(__linux__)
  return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#else
  errno = ENOSYS;
  return -1;
#endif
}

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};
#define FATAL_SIGNAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
static char *crash_manifest_path;
static char *crash_manifest;
static size_t crash_manifest_length;
static char *crash_tail;
static size_t crash_tail_length;
static volatile long crash_step;
static char *crash_from;
static char *crash_to;
static volatile sig_atomic_t crash_armed;
static struct sigaction previous_actions[FATAL_SIGNAL_COUNT];

static int write_all(int descriptor, const char *bytes, size_t length) {
  size_t offset = 0;
  while (offset < length) {
    ssize_t written = write(descriptor, bytes + offset, length - offset);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return -1;
    offset += (size_t)written;
  }
  return 0;
}

/* Writes `value` in decimal; async-signal-safe. */
static int write_decimal(int descriptor, long value) {
  char digits[24];
  size_t count = 0;
  unsigned long magnitude = value < 0 ? 0UL - (unsigned long)value : (unsigned long)value;
  do {
    digits[sizeof digits - 1 - count] = (char)('0' + magnitude % 10);
    magnitude /= 10;
    count++;
  } while (magnitude > 0 && count < sizeof digits - 1);
  if (value < 0) {
    digits[sizeof digits - 1 - count] = '-';
    count++;
  }
  return write_all(descriptor, digits + sizeof digits - count, count);
}

/* Installs `handler` for every fatal signal, keeping the actions it replaces in `previous`. */
static void install_fatal_handler(void (*handler)(int, siginfo_t *, void *),
                                  struct sigaction previous[]) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = handler;
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (size_t index = 0; index < FATAL_SIGNAL_COUNT; index++) {
    sigaction(fatal_signals[index], &action, &previous[index]);
  }
}

/* Hands fatal signal `number` back to the action it had before (in `previous`): a fault raised
   by an instruction recurs when the handler returns; a signal sent with kill or raise is raised
   again. */
static void hand_back_fatal_signal(int number, const siginfo_t *info,
                                   const struct sigaction previous[]) {
  for (size_t index = 0; index < FATAL_SIGNAL_COUNT; index++) {
    if (fatal_signals[index] == number) {
      sigaction(number, &previous[index], NULL);
    }
  }
  if (info == NULL || info->si_code <= 0) {
    raise(number);
  }
}

static int buffer_descriptor = -1;
static char *buffer_bytes;
static size_t buffer_capacity;
static volatile size_t buffer_length;

int stategate_buffer_start(int descriptor, size_t capacity) {
  if (buffer_descriptor >= 0 || descriptor < 0 || capacity == 0) return -1;
  buffer_bytes = malloc(capacity);
  if (!buffer_bytes) return -1;
  buffer_capacity = capacity;
  buffer_length = 0;
  buffer_descriptor = descriptor;
  return 0;
}

int stategate_buffer_flush(void) {
  if (buffer_descriptor < 0) return -1;
  size_t length = buffer_length;
  if (length == 0) return 0;
  int status = write_all(buffer_descriptor, buffer_bytes, length);
  buffer_length = 0;
  return status;
}

int stategate_buffer_append(const void *bytes, size_t length) {
  if (buffer_descriptor < 0) return -1;
  if (length > buffer_capacity - buffer_length && stategate_buffer_flush() != 0) return -1;
  if (length >= buffer_capacity) return write_all(buffer_descriptor, bytes, length);
  memcpy(buffer_bytes + buffer_length, bytes, length);
  buffer_length += length;
  return 0;
}

int stategate_buffer_stop(void) {
  if (buffer_descriptor < 0) return -1;
  int status = stategate_buffer_flush();
  buffer_descriptor = -1;
  free(buffer_bytes);
  buffer_bytes = NULL;
  buffer_capacity = 0;
  return status;
}

/* Writes out the event buffer and the prepared manifest, renames the directory, then hands the
   signal back to the handler that was there before (the Swift runtime's backtracer, or the
   default action). */
static void record_crash(int number, siginfo_t *info, void *context) {
  (void)context;
  if (buffer_descriptor >= 0 && buffer_length > 0) {
    write_all(buffer_descriptor, buffer_bytes, buffer_length);
    buffer_length = 0;
  }
  if (crash_armed) {
    crash_armed = 0;
    int descriptor = open(crash_manifest_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (descriptor >= 0) {
      if (write_all(descriptor, crash_manifest, crash_manifest_length) == 0 && crash_tail) {
        if (write_decimal(descriptor, crash_step) == 0) {
          write_all(descriptor, crash_tail, crash_tail_length);
        }
      }
      fsync(descriptor);
      close(descriptor);
      stategate_rename_noreplace(crash_from, crash_to);
    }
  }
  hand_back_fatal_signal(number, info, previous_actions);
}

int stategate_arm_crash_record(const char *manifest_path, const char *manifest, size_t length,
                               const char *from_directory, const char *to_directory) {
  stategate_disarm_crash_record();
  crash_manifest_path = strdup(manifest_path);
  crash_manifest = malloc(length);
  crash_from = strdup(from_directory);
  crash_to = strdup(to_directory);
  if (!crash_manifest_path || !crash_manifest || !crash_from || !crash_to) {
    stategate_disarm_crash_record();
    return -1;
  }
  memcpy(crash_manifest, manifest, length);
  crash_manifest_length = length;
  install_fatal_handler(record_crash, previous_actions);
  crash_armed = 1;
  return 0;
}

int stategate_update_crash_record(const char *head, size_t head_length, const char *tail,
                                  size_t tail_length) {
  if (!crash_armed) return -1;
  char *new_head = malloc(head_length ? head_length : 1);
  char *new_tail = tail ? malloc(tail_length ? tail_length : 1) : NULL;
  if (!new_head || (tail && !new_tail)) {
    free(new_head);
    free(new_tail);
    return -1;
  }
  memcpy(new_head, head, head_length);
  if (tail) memcpy(new_tail, tail, tail_length);
  crash_armed = 0;
  char *old_head = crash_manifest;
  char *old_tail = crash_tail;
  crash_manifest = new_head;
  crash_manifest_length = head_length;
  crash_tail = new_tail;
  crash_tail_length = tail_length;
  crash_armed = 1;
  free(old_head);
  free(old_tail);
  return 0;
}

void stategate_set_crash_step(long step) {
  crash_step = step;
}

void stategate_disarm_crash_record(void) {
  if (crash_armed) {
    for (size_t index = 0; index < FATAL_SIGNAL_COUNT; index++) {
      sigaction(fatal_signals[index], &previous_actions[index], NULL);
    }
  }
  crash_armed = 0;
  free(crash_manifest_path);
  free(crash_manifest);
  free(crash_from);
  free(crash_to);
  free(crash_tail);
  crash_tail = NULL;
  crash_tail_length = 0;
  crash_manifest_path = NULL;
  crash_manifest = NULL;
  crash_from = NULL;
  crash_to = NULL;
  crash_manifest_length = 0;
}

/* The worker's reply buffer. `replies_owner` says who touches the buffer: 0 nobody, 1 the
   worker's code, 2 a signal handler. A handler that finds the worker's code inside the buffer
   (on its own thread, or on another) leaves a request that the code serves when it lets go. */
static int replies_descriptor = -1;
static char *replies_bytes;
static size_t replies_capacity;
static volatile size_t replies_length;
static long replies_max_age_ns;
static int replies_version;
static struct timespec replies_oldest;
static struct timespec replies_last_append;
static atomic_int replies_owner;
static atomic_int replies_flush_requested;
static struct sigaction replies_previous[FATAL_SIGNAL_COUNT];

/* Writes the buffer out; the caller owns it. */
static int replies_write_out(void) {
  size_t length = replies_length;
  if (length == 0) return 0;
  int status = write_all(replies_descriptor, replies_bytes, length);
  replies_length = 0;
  return status;
}

/* Takes the buffer for the worker's code, waiting for a handler on another thread to finish. */
static void replies_acquire(void) {
  int expected = 0;
  while (!atomic_compare_exchange_weak(&replies_owner, &expected, 1)) {
    expected = 0;
    sched_yield();
  }
}

/* Lets go of the buffer, writing it out if a handler asked for that meanwhile. */
static int replies_release(void) {
  int status = 0;
  if (atomic_exchange(&replies_flush_requested, 0)) status = replies_write_out();
  atomic_store(&replies_owner, 0);
  return status;
}

/* SIGURG: write out what the buffer holds, now or as soon as the worker's code lets go of it. */
static void replies_on_flush_signal(int number) {
  (void)number;
  int saved = errno;
  int expected = 0;
  if (atomic_compare_exchange_strong(&replies_owner, &expected, 2)) {
    replies_write_out();
    atomic_store(&replies_owner, 0);
  } else {
    atomic_store(&replies_flush_requested, 1);
  }
  errno = saved;
}

/* A fatal signal: write out the complete replies the buffer holds (its length grows only after
   a reply is copied in), then let the signal take the course it had before. */
static void replies_on_fatal_signal(int number, siginfo_t *info, void *context) {
  (void)context;
  if (replies_descriptor >= 0 && replies_length > 0) {
    write_all(replies_descriptor, replies_bytes, replies_length);
    replies_length = 0;
  }
  if (replies_descriptor >= 0) {
    static const char head[] = "{\"kind\":\"crashing\",\"signal\":";
    static const char middle[] = ",\"version\":";
    static const char tail[] = "}\n";
    if (write_all(replies_descriptor, head, sizeof head - 1) == 0 &&
        write_decimal(replies_descriptor, number) == 0 &&
        write_all(replies_descriptor, middle, sizeof middle - 1) == 0 &&
        write_decimal(replies_descriptor, replies_version) == 0) {
      write_all(replies_descriptor, tail, sizeof tail - 1);
    }
  }
  hand_back_fatal_signal(number, info, replies_previous);
}

/* At exit (a subject that calls exit): write out what the buffer holds, as SIGURG does. */
static void replies_at_exit(void) {
  if (replies_descriptor >= 0) replies_on_flush_signal(0);
}

int stategate_replies_start(int descriptor, size_t capacity, long max_age_ns, int version) {
  if (replies_descriptor >= 0 || descriptor < 0 || capacity == 0) return -1;
  replies_bytes = malloc(capacity);
  if (!replies_bytes) return -1;
  replies_capacity = capacity;
  replies_length = 0;
  replies_max_age_ns = max_age_ns;
  replies_version = version;
  replies_descriptor = descriptor;
  install_fatal_handler(replies_on_fatal_signal, replies_previous);
  struct sigaction flush;
  memset(&flush, 0, sizeof flush);
  flush.sa_handler = replies_on_flush_signal;
  flush.sa_flags = SA_RESTART;
  sigemptyset(&flush.sa_mask);
  sigaction(SIGURG, &flush, NULL);
  atexit(replies_at_exit);
  return 0;
}

/* Nanoseconds from `from` to `to`. */
static long nanoseconds_between(struct timespec from, struct timespec to) {
  return (long)(to.tv_sec - from.tv_sec) * 1000000000L + (to.tv_nsec - from.tv_nsec);
}

int stategate_replies_append(const void *bytes, size_t length) {
  if (replies_descriptor < 0) return -1;
  replies_acquire();
  int status = 0;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  int slow = nanoseconds_between(replies_last_append, now) > replies_max_age_ns;
  replies_last_append = now;
  if (replies_length > 0 && length > replies_capacity - replies_length) {
    status = replies_write_out();
  }
  if (status == 0 && length >= replies_capacity) {
    status = write_all(replies_descriptor, bytes, length);
  } else if (status == 0) {
    if (replies_length == 0) replies_oldest = now;
    memcpy(replies_bytes + replies_length, bytes, length);
    replies_length += length;
    if (slow || nanoseconds_between(replies_oldest, now) > replies_max_age_ns) {
      status = replies_write_out();
    }
  }
  int released = replies_release();
  return status == 0 ? released : status;
}

int stategate_replies_flush(void) {
  if (replies_descriptor < 0) return -1;
  replies_acquire();
  int status = replies_write_out();
  int released = replies_release();
  return status == 0 ? released : status;
}

static unsigned int slow_crash_milliseconds;

static void slow_crash(int number) {
  struct timespec pause = {(time_t)(slow_crash_milliseconds / 1000),
                           (long)(slow_crash_milliseconds % 1000) * 1000000L};
  while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
  }
  signal(number, SIG_DFL);
  raise(number);
}

void stategate_test_slow_crash(unsigned int milliseconds) {
  slow_crash_milliseconds = milliseconds;
  for (size_t index = 0; index < FATAL_SIGNAL_COUNT; index++) {
    signal(fatal_signals[index], slow_crash);
  }
}

static const int interrupt_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define INTERRUPT_SIGNAL_COUNT (sizeof interrupt_signals / sizeof interrupt_signals[0])
static volatile sig_atomic_t interrupt_received;
static volatile sig_atomic_t interrupt_wake_fd = -1;
static volatile sig_atomic_t interrupts_watched;
static struct sigaction interrupt_previous[INTERRUPT_SIGNAL_COUNT];
static int interrupt_previous_saved;

static void on_interrupt(int number) {
  int saved = errno;
  if (interrupt_received == 0) interrupt_received = number;
  int descriptor = interrupt_wake_fd;
  if (descriptor >= 0) {
    char byte = 1;
    ssize_t ignored = write(descriptor, &byte, 1);
    (void)ignored;
  }
  errno = saved;
}

/* Installs on_interrupt for SIGINT, SIGTERM and SIGHUP, one sigaction each, keeping the actions
   it replaces in `previous` when that is not NULL, and unblocks them. */
static int install_interrupt_handler(struct sigaction previous[]) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_interrupt;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigset_t unblocked;
  sigemptyset(&unblocked);
  for (size_t index = 0; index < INTERRUPT_SIGNAL_COUNT; index++) {
    if (sigaction(interrupt_signals[index], &action, previous ? &previous[index] : NULL) != 0) {
      return -1;
    }
    sigaddset(&unblocked, interrupt_signals[index]);
  }
  return pthread_sigmask(SIG_UNBLOCK, &unblocked, NULL) == 0 ? 0 : -1;
}

/* Defined by an executable that asks for stategate_catch_interrupts_from_start; absent (NULL)
   in every other program that links this library, such as a test runner. */
extern void stategate_wants_signals_from_start(void) __attribute__((weak));

/* Whether `environment` (NULL-terminated) makes the process a worker: of a run
   (STATEGATE_WORKER) or of an exploration (STATEGATE_EXPLORE_WORKER). */
static int is_worker(char **environment) {
  static const char run_key[] = "STATEGATE_WORKER=";
  static const char explore_key[] = "STATEGATE_EXPLORE_WORKER=";
  for (char **entry = environment; entry && *entry; entry++) {
    if (strncmp(*entry, run_key, sizeof run_key - 1) == 0) return 1;
    if (strncmp(*entry, explore_key, sizeof explore_key - 1) == 0) return 1;
  }
  return 0;
}

/* Catches the signals in an executable that asks for it, once: from the first instant SIGINT,
   SIGTERM and SIGHUP are caught and remembered, and SIGPIPE and SIGXFSZ are ignored. A worker
   process (STATEGATE_WORKER or STATEGATE_EXPLORE_WORKER set in `environment`) is left alone: it keeps the default actions
   its run gave it. */
static void catch_signals_from_start(char **environment) {
  static int done;
  if (done) return;
  done = 1;
  if (stategate_wants_signals_from_start == NULL || is_worker(environment)) return;
  stategate_catch_signals_from_start();
}

#if defined(__linux__)
/* On Linux the dynamic loader calls an executable's .preinit_array before the initialisers of
   every shared library (the Swift runtime and Foundation take milliseconds), so this is the
   earliest a program can act after execve. It is handed the environment, since libc's own
   (getenv's) is not set up yet. */
static void catch_at_preinit(int argc, char **argv, char **environment) {
  (void)argc;
  (void)argv;
  catch_signals_from_start(environment);
}

__attribute__((section(".preinit_array"), used)) static void (*const preinit_entry)(
    int, char **, char **) = catch_at_preinit;
#endif

extern char **environ;

/* Elsewhere (and as a fallback), a constructor: before main. */
__attribute__((constructor)) static void catch_signals_at_construction(void) {
  catch_signals_from_start(environ);
}

int stategate_catch_signals_from_start(void) {
  int status = 0;
  if (signal(SIGPIPE, SIG_IGN) == SIG_ERR) status = -1;
  if (signal(SIGXFSZ, SIG_IGN) == SIG_ERR) status = -1;
  if (install_interrupt_handler(NULL) != 0) status = -1;
  return status;
}

int stategate_catch_interrupts(int wake_fd) {
  interrupt_wake_fd = wake_fd;
  if (install_interrupt_handler(interrupt_previous) != 0) return -1;
  interrupt_previous_saved = 1;
  interrupts_watched = 1;
  if (interrupt_received != 0 && wake_fd >= 0) {
    char byte = 1;
    ssize_t ignored = write(wake_fd, &byte, 1);
    (void)ignored;
  }
  return 0;
}

int stategate_interrupt_signal(void) {
  return interrupt_received;
}

int stategate_interrupts_watched(void) {
  return interrupts_watched;
}

void stategate_release_interrupts(void) {
  interrupt_wake_fd = -1;
  for (size_t index = 0; index < INTERRUPT_SIGNAL_COUNT; index++) {
    if (interrupt_previous_saved) {
      sigaction(interrupt_signals[index], &interrupt_previous[index], NULL);
    } else {
      signal(interrupt_signals[index], SIG_DFL);
    }
  }
  interrupt_previous_saved = 0;
  interrupt_received = 0;
}

int stategate_spawn_worker(const char *path, char *const argv[], char *const envp[], int input_fd,
                           int reply_fd, int log_fd, int *pid) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  int status = posix_spawn_file_actions_init(&actions);
  if (status != 0) return status;
  status = posix_spawnattr_init(&attributes);
  if (status != 0) {
    posix_spawn_file_actions_destroy(&actions);
    return status;
  }
  posix_spawn_file_actions_adddup2(&actions, input_fd, 0);
  posix_spawn_file_actions_adddup2(&actions, log_fd, 1);
  posix_spawn_file_actions_adddup2(&actions, log_fd, 2);
  posix_spawn_file_actions_adddup2(&actions, reply_fd, 3);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigaddset(&defaults, SIGHUP);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGXFSZ);
  sigset_t empty;
  sigemptyset(&empty);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setsigmask(&attributes, &empty);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(
      &attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
  pid_t child = 0;
  status = posix_spawn(&child, path, &actions, &attributes, argv, envp);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (status == 0) *pid = (int)child;
  return status;
}

int stategate_die_with_parent(int expected_parent) {
#if defined(__linux__)
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
  if (getppid() != expected_parent) return -1;
#else
  (void)expected_parent;
#endif
  return 0;
}

long stategate_find_bytes(const void *haystack, size_t haystack_length, const void *needle,
                          size_t needle_length) {
  const void *found = memmem(haystack, haystack_length, needle, needle_length);
  return found ? (long)((const char *)found - (const char *)haystack) : -1;
}

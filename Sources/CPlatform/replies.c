/* A worker's crash-safe reply buffer: written out in batches, on SIGURG, at exit and on a fatal
  signal. */
#define _GNU_SOURCE
#include "CPlatform.h"
#include "internal.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

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
static struct sigaction replies_previous[STATEGATE_FATAL_SIGNAL_COUNT];

/* Writes the buffer out; the caller owns it. */
static int replies_write_out(void) {
  size_t length = replies_length;
  if (length == 0) return 0;
  int status = stategate_write_all(replies_descriptor, replies_bytes, length);
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
    stategate_write_all(replies_descriptor, replies_bytes, replies_length);
    replies_length = 0;
  }
  if (replies_descriptor >= 0) {
    static const char head[] = "{\"kind\":\"crashing\",\"signal\":";
    static const char middle[] = ",\"version\":";
    static const char tail[] = "}\n";
    if (stategate_write_all(replies_descriptor, head, sizeof head - 1) == 0 &&
        stategate_write_decimal(replies_descriptor, number) == 0 &&
        stategate_write_all(replies_descriptor, middle, sizeof middle - 1) == 0 &&
        stategate_write_decimal(replies_descriptor, replies_version) == 0) {
      stategate_write_all(replies_descriptor, tail, sizeof tail - 1);
    }
  }
  stategate_hand_back_fatal_signal(number, info, replies_previous);
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
  stategate_install_fatal_handler(replies_on_fatal_signal, replies_previous);
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
    status = stategate_write_all(replies_descriptor, bytes, length);
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

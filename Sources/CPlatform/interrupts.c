/* SIGINT, SIGTERM and SIGHUP caught from the first instant, and the wake descriptor. */
#define _GNU_SOURCE
#include "CPlatform.h"
#include "internal.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>

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

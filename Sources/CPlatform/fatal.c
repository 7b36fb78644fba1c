/* What every fatal-signal handler of CPlatform shares: async-signal-safe writes, installing and
  handing back. */
#define _GNU_SOURCE
#include "CPlatform.h"
#include "internal.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const int stategate_fatal_signals[STATEGATE_FATAL_SIGNAL_COUNT] = {SIGSEGV, SIGBUS, SIGILL,
                                                                   SIGTRAP, SIGFPE, SIGABRT};

int stategate_write_all(int descriptor, const char *bytes, size_t length) {
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
int stategate_write_decimal(int descriptor, long value) {
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
  return stategate_write_all(descriptor, digits + sizeof digits - count, count);
}

/* Installs `handler` for every fatal signal, keeping the actions it replaces in `previous`. */
void stategate_install_fatal_handler(void (*handler)(int, siginfo_t *, void *),
                                      struct sigaction previous[]) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = handler;
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (size_t index = 0; index < STATEGATE_FATAL_SIGNAL_COUNT; index++) {
    sigaction(stategate_fatal_signals[index], &action, &previous[index]);
  }
}

/* Hands fatal signal `number` back to the action it had before (in `previous`): a fault raised
   by an instruction recurs when the handler returns; a signal sent with kill or raise is raised
   again. */
void stategate_hand_back_fatal_signal(int number, const siginfo_t *info,
                                       const struct sigaction previous[]) {
  for (size_t index = 0; index < STATEGATE_FATAL_SIGNAL_COUNT; index++) {
    if (stategate_fatal_signals[index] == number) {
      sigaction(number, &previous[index], NULL);
    }
  }
  if (info == NULL || info->si_code <= 0) {
    raise(number);
  }
}

/* Test hooks, compiled only into debug (test) builds. */
#define _GNU_SOURCE
#include "CPlatform.h"
#include "internal.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#if defined(STATEGATE_TEST_HOOKS)
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
  for (size_t index = 0; index < STATEGATE_FATAL_SIGNAL_COUNT; index++) {
    signal(stategate_fatal_signals[index], slow_crash);
  }
}
#endif

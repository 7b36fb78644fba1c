#define _GNU_SOURCE
#include "CPlatform.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
static char *crash_manifest_path;
static char *crash_manifest;
static size_t crash_manifest_length;
static char *crash_from;
static char *crash_to;
static volatile sig_atomic_t crash_armed;
static struct sigaction previous_actions[sizeof fatal_signals / sizeof fatal_signals[0]];

/* Writes the prepared manifest and renames the directory, then hands the signal back to the
   handler that was there before (the Swift runtime's backtracer, or the default action). A fault
   raised by an instruction recurs when the handler returns, now with the previous handler; a
   signal sent with kill or raise is raised again. */
static void record_crash(int number, siginfo_t *info, void *context) {
  (void)context;
  if (crash_armed) {
    crash_armed = 0;
    int descriptor = open(crash_manifest_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (descriptor >= 0) {
      size_t offset = 0;
      while (offset < crash_manifest_length) {
        ssize_t written = write(descriptor, crash_manifest + offset, crash_manifest_length - offset);
        if (written <= 0) break;
        offset += (size_t)written;
      }
      fsync(descriptor);
      close(descriptor);
      stategate_rename_noreplace(crash_from, crash_to);
    }
  }
  for (size_t index = 0; index < sizeof fatal_signals / sizeof fatal_signals[0]; index++) {
    if (fatal_signals[index] == number) {
      sigaction(number, &previous_actions[index], NULL);
    }
  }
  if (info == NULL || info->si_code <= 0) {
    raise(number);
  }
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
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = record_crash;
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (size_t index = 0; index < sizeof fatal_signals / sizeof fatal_signals[0]; index++) {
    sigaction(fatal_signals[index], &action, &previous_actions[index]);
  }
  crash_armed = 1;
  return 0;
}

void stategate_disarm_crash_record(void) {
  if (crash_armed) {
    for (size_t index = 0; index < sizeof fatal_signals / sizeof fatal_signals[0]; index++) {
      sigaction(fatal_signals[index], &previous_actions[index], NULL);
    }
  }
  crash_armed = 0;
  free(crash_manifest_path);
  free(crash_manifest);
  free(crash_from);
  free(crash_to);
  crash_manifest_path = NULL;
  crash_manifest = NULL;
  crash_from = NULL;
  crash_to = NULL;
  crash_manifest_length = 0;
}

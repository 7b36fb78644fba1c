/* The crash record: a prepared manifest written, and the result directory renamed, from a
  fatal-signal handler. */
#define _GNU_SOURCE
#include "CPlatform.h"
#include "internal.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

static char *crash_manifest_path;
static char *crash_manifest;
static size_t crash_manifest_length;
static char *crash_tail;
static size_t crash_tail_length;
static volatile long crash_step;
static char *crash_from;
static char *crash_to;
static volatile sig_atomic_t crash_armed;
static struct sigaction previous_actions[STATEGATE_FATAL_SIGNAL_COUNT];

/* Writes out the event buffer and the prepared manifest, renames the directory, then hands the
   signal back to the handler that was there before (the Swift runtime's backtracer, or the
   default action). */
static void record_crash(int number, siginfo_t *info, void *context) {
  (void)context;
  stategate_buffer_write_out_on_crash();
  if (crash_armed) {
    crash_armed = 0;
    int descriptor = open(crash_manifest_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (descriptor >= 0) {
      if (stategate_write_all(descriptor, crash_manifest, crash_manifest_length) == 0 && crash_tail) {
        if (stategate_write_decimal(descriptor, crash_step) == 0) {
          stategate_write_all(descriptor, crash_tail, crash_tail_length);
        }
      }
      fsync(descriptor);
      close(descriptor);
      stategate_rename_noreplace(crash_from, crash_to);
    }
  }
  stategate_hand_back_fatal_signal(number, info, previous_actions);
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
  stategate_install_fatal_handler(record_crash, previous_actions);
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
    for (size_t index = 0; index < STATEGATE_FATAL_SIGNAL_COUNT; index++) {
      sigaction(stategate_fatal_signals[index], &previous_actions[index], NULL);
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

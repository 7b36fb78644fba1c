/* The process's one crash-safe output buffer: what a run writes to events.jsonl. */
#define _GNU_SOURCE
#include "CPlatform.h"
#include "internal.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
  int status = stategate_write_all(buffer_descriptor, buffer_bytes, length);
  buffer_length = 0;
  return status;
}

int stategate_buffer_append(const void *bytes, size_t length) {
  if (buffer_descriptor < 0) return -1;
  if (length > buffer_capacity - buffer_length && stategate_buffer_flush() != 0) return -1;
  if (length >= buffer_capacity) return stategate_write_all(buffer_descriptor, bytes, length);
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

/* Writes out what the event buffer holds, from a fatal-signal handler. */
void stategate_buffer_write_out_on_crash(void) {
  if (buffer_descriptor >= 0 && buffer_length > 0) {
    stategate_write_all(buffer_descriptor, buffer_bytes, buffer_length);
    buffer_length = 0;
  }
}

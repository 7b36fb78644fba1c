/* Files: renaming without replacing, and finding bytes. */
#define _GNU_SOURCE
#include "CPlatform.h"
#include "internal.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdio.h>

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

long stategate_find_bytes(const void *haystack, size_t haystack_length, const void *needle,
                          size_t needle_length) {
  const void *found = memmem(haystack, haystack_length, needle, needle_length);
  return found ? (long)((const char *)found - (const char *)haystack) : -1;
}

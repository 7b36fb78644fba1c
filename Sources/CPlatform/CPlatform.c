#define _GNU_SOURCE
#include "CPlatform.h"

#include <errno.h>
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

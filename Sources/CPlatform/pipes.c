/* Pipes whose ends are close-on-exec from the instant they exist. */
#define _GNU_SOURCE
#include "CPlatform.h"
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int stategate_pipe_cloexec(int descriptors[2]) {
#if defined(__linux__)
  return pipe2(descriptors, O_CLOEXEC);
#else
  /* No pipe2: a process spawned by another thread between these calls may inherit the ends. */
  if (pipe(descriptors) != 0) return -1;
  for (int index = 0; index < 2; index++) {
    int flags = fcntl(descriptors[index], F_GETFD);
    if (flags < 0 || fcntl(descriptors[index], F_SETFD, flags | FD_CLOEXEC) != 0) {
      int saved = errno;
      close(descriptors[0]);
      close(descriptors[1]);
      errno = saved;
      return -1;
    }
  }
  return 0;
#endif
}

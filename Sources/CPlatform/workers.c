/* Worker processes: spawning one, and dying with the parent. */
#define _GNU_SOURCE
#include "CPlatform.h"
#include "internal.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <spawn.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

int stategate_spawn_worker(const char *path, char *const argv[], char *const envp[], int input_fd,
                           int reply_fd, int log_fd, int *pid) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  int status = posix_spawn_file_actions_init(&actions);
  if (status != 0) return status;
  status = posix_spawnattr_init(&attributes);
  if (status != 0) {
    posix_spawn_file_actions_destroy(&actions);
    return status;
  }
  posix_spawn_file_actions_adddup2(&actions, input_fd, 0);
  posix_spawn_file_actions_adddup2(&actions, log_fd, 1);
  posix_spawn_file_actions_adddup2(&actions, log_fd, 2);
  posix_spawn_file_actions_adddup2(&actions, reply_fd, 3);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigaddset(&defaults, SIGHUP);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGXFSZ);
  sigset_t empty;
  sigemptyset(&empty);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setsigmask(&attributes, &empty);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(
      &attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
  pid_t child = 0;
  status = posix_spawn(&child, path, &actions, &attributes, argv, envp);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (status == 0) *pid = (int)child;
  return status;
}

int stategate_die_with_parent(int expected_parent) {
#if defined(__linux__)
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
  if (getppid() != expected_parent) return -1;
#else
  (void)expected_parent;
#endif
  return 0;
}

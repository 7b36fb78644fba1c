#ifndef CHEAPPROBE_H
#define CHEAPPROBE_H

#include <stddef.h>

/// The bytes the C heap has handed out and not taken back (glibc's mallinfo2), or 0 where the
/// C library cannot say; tests use it to check that recording an event allocates nothing.
size_t stategate_heap_bytes_in_use(void);

/// Whether stategate_heap_bytes_in_use measures anything on this platform.
int stategate_heap_probe_available(void);

#endif

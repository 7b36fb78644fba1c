#include "CHeapProbe.h"

#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

size_t stategate_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

int stategate_heap_probe_available(void) { return 1; }
#else
size_t stategate_heap_bytes_in_use(void) { return 0; }

int stategate_heap_probe_available(void) { return 0; }
#endif

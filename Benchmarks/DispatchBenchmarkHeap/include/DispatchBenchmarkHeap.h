// Heap accounting for the benchmark: bytes currently allocated with malloc, where the C library
// can tell. glibc's <malloc.h> is not part of Swift's Glibc module, hence this tiny C target.
#ifndef DISPATCH_BENCHMARK_HEAP_H
#define DISPATCH_BENCHMARK_HEAP_H

#include <stdlib.h>  // defines __GLIBC__ on glibc systems

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

/// Bytes the main arena has handed out and not freed: chunks in use (`uordblks`) plus chunks
/// large enough to get their own mapping (`hblkhd`, e.g. a big index array). -1 if unknown.
/// glibc counts only the main arena, which is the one the (single-threaded) benchmark uses.
static inline long long dispatch_benchmark_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (long long)(info.uordblks + info.hblkhd);
}
#else
static inline long long dispatch_benchmark_heap_in_use(void) { return -1; }
#endif

#endif

/*
 * The shared library of deep.c's call chain: lib_l1 to lib_l4, which
 * calls back into the program. Built with -O2 -fomit-frame-pointer: the
 * frames are found through .eh_frame alone.
 */
volatile long lsink;

typedef long (*cb_t)(long);

__attribute__((noinline)) long lib_l4(long x, cb_t cb) { long r = cb(x + 1); lsink += r; return r * 3; }
__attribute__((noinline)) long lib_l3(long x, cb_t cb) { long r = lib_l4(x + 1, cb); lsink += r; return r * 3; }
__attribute__((noinline)) long lib_l2(long x, cb_t cb) { long r = lib_l3(x + 1, cb); lsink += r; return r * 3; }
__attribute__((noinline)) long lib_l1(long x, cb_t cb) { long r = lib_l2(x + 1, cb); lsink += r; return r * 3; }

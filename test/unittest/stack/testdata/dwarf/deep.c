/*
 * A known call chain, built with -O2 -fomit-frame-pointer: main, e1 to
 * e4, then libdeep.so's lib_l1 to lib_l4, which call c1 back; c2 raises
 * SIGUSR1, whose handler calls h1, h2 and leaf, which calls getppid().
 * Each function uses its callee's result after the call, so that no call
 * is a tail call. With an argument N, the chain runs N times.
 */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

volatile long sink;

typedef long (*cb_t)(long);
long lib_l1(long x, cb_t cb);

__attribute__((noinline)) long leaf(long x) { sink += getppid(); return x + 1; }
__attribute__((noinline)) long h2(long x) { long r = leaf(x + 1); sink += r; return r * 3; }
__attribute__((noinline)) long h1(long x) { long r = h2(x + 1); sink += r; return r * 3; }
__attribute__((noinline)) void handler(int sig) { sink += h1(sig); }
__attribute__((noinline)) long c2(long x) { raise(SIGUSR1); sink += x; return x * 3; }
__attribute__((noinline)) long c1(long x) { long r = c2(x + 1); sink += r; return r * 3; }
__attribute__((noinline)) long e4(long x) { long r = lib_l1(x + 1, c1); sink += r; return r * 3; }
__attribute__((noinline)) long e3(long x) { long r = e4(x + 1); sink += r; return r * 3; }
__attribute__((noinline)) long e2(long x) { long r = e3(x + 1); sink += r; return r * 3; }
__attribute__((noinline)) long e1(long x) { long r = e2(x + 1); sink += r; return r * 3; }

int main(int argc, char **argv)
{
	struct sigaction sa = {0};
	int i, n = argc > 1 ? atoi(argv[1]) : 1;

	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, 0);
	for (i = 0; i < n; i++)
		sink += e1(i);
	return 0;
}

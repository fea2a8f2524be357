/*
 * deepgen: calls getppid() N times from the bottom of a call chain D
 * functions deep (default 10: with syscall(), main and libc's start-up
 * frames, stacks of 15 frames), and reports its own wall time as loadgen
 * does. bench/runtime.sh builds it without frame pointers (-O2
 * -fomit-frame-pointer), whose stacks only call-frame information
 * unwinds, and with them, for the frame-pointer figure.
 *
 * Usage: deepgen N [D]
 *
 * Prints one line: "pid=P calls=N ns=T ns_per_call=X".
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static volatile long sink;

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* deep calls itself d times, then makes the n calls; no call is a tail
 * call, so that each level keeps its frame. */
__attribute__((noinline)) static long deep(int d, long long n)
{
	if (d == 0) {
		for (long long i = 0; i < n; i++)
			sink += syscall(SYS_getppid);
		return 1;
	}
	long r = deep(d - 1, n);
	sink += r;
	return r + 1;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: deepgen N [D]\n");
		return 2;
	}
	long long n = atoll(argv[1]);
	int d = argc > 2 ? atoi(argv[2]) : 10;

	long long start = now_ns();
	deep(d, n);
	long long end = now_ns();
	printf("pid=%d calls=%lld ns=%lld ns_per_call=%.1f\n", (int)getpid(), n,
	       end - start, n ? (double)(end - start) / (double)n : 0.0);
	return 0;
}

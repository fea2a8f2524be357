/*
 * callgen: calls a function N times and reports its own wall time. Used by
 * bench/runtime.sh to measure the cost a tracer adds to each call of a
 * function it probes (the pid provider's entry probe, bpftrace's uprobe).
 *
 * Usage: callgen N
 *
 * Prints one line: "pid=P calls=N ns=T ns_per_call=X".
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* The probed function: a call that does next to nothing. */
__attribute__((noinline)) long callgen_target(long x)
{
	__asm__ volatile("" : "+r"(x));
	return x + 1;
}

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: callgen N\n");
		return 2;
	}
	long long n = atoll(argv[1]);
	long sum = 0;

	long long start = now_ns();
	for (long long i = 0; i < n; i++)
		sum = callgen_target(sum);
	long long end = now_ns();

	printf("pid=%d calls=%lld ns=%lld ns_per_call=%.1f sum=%ld\n", (int)getpid(), n,
	       end - start, n ? (double)(end - start) / (double)n : 0.0, sum);
	fflush(stdout);
	return 0;
}

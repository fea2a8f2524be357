/*
 * loadgen: calls getppid() N times through syscall(2) and reports its own
 * wall time. Used by bench/runtime.sh to measure the cost a tracer adds to
 * each event.
 *
 * Usage: loadgen N [FILE]
 *
 * Prints one line: "pid=P calls=N ns=T ns_per_call=X".
 * With FILE, after the calls it watches FILE's size every millisecond until
 * it has not changed for 1 s (or 120 s have passed) and adds
 * "deliver_ns=D size=S": D is the time from the first call to the last
 * change of FILE's size seen, which is how long the tracer took to get the
 * records of the N calls into FILE.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long file_size(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return -1;
	return (long long)st.st_size;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: loadgen N [FILE]\n");
		return 2;
	}
	long long n = atoll(argv[1]);
	const char *watch = argc > 2 ? argv[2] : NULL;

	long long start = now_ns();
	for (long long i = 0; i < n; i++)
		syscall(SYS_getppid);
	long long end = now_ns();

	printf("pid=%d calls=%lld ns=%lld ns_per_call=%.1f", (int)getpid(), n,
	       end - start, n ? (double)(end - start) / (double)n : 0.0);
	if (watch) {
		long long size = file_size(watch), last = now_ns();
		struct timespec ms = {0, 1000000};
		for (;;) {
			nanosleep(&ms, NULL);
			long long s = file_size(watch), t = now_ns();
			if (s != size) {
				size = s;
				last = t;
			} else if (t - last >= 1000000000LL ||
				   t - start >= 120000000000LL) {
				break;
			}
		}
		printf(" deliver_ns=%lld size=%lld", last - start, size);
	}
	printf("\n");
	return 0;
}

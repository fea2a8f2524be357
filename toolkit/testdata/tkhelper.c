/*
 * tkhelper: the activity the toolkit's tests provoke, one mode per
 * argument. Built by toolkit_test.go with gcc -O0 -g (frame pointers and
 * symbols, so that stacks name its functions).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* Kept apart (noinline) so that the pid provider and ustack() see them. */
__attribute__((noinline)) void *tk_alloc(size_t n)
{
	void *p = malloc(n);
	if (p != NULL)
		memset(p, 1, 64);
	return p;
}

__attribute__((noinline)) long tk_counted(long i)
{
	return i * 3 + 1;
}

__attribute__((noinline)) long tk_touch(char *p, long pages)
{
	long s = 0;
	for (long i = 0; i < pages; i++) {
		p[i * 4096] = (char)i;
		s += p[i * 4096];
	}
	return s;
}

static pthread_mutex_t tk_mutex = PTHREAD_MUTEX_INITIALIZER;
static volatile long tk_shared;

static void *tk_mutex_worker(void *arg)
{
	(void)arg;
	for (int i = 0; i < 20000; i++) {
		pthread_mutex_lock(&tk_mutex);
		for (int j = 0; j < 200; j++)
			tk_shared++;
		pthread_mutex_unlock(&tk_mutex);
	}
	return NULL;
}

static int tk_fd;

static void *tk_writer(void *arg)
{
	char buf[4096];
	memset(buf, 'w', sizeof buf);
	for (int i = 0; i < 3000; i++)
		if (pwrite(tk_fd, buf, sizeof buf, (off_t)((long)arg * 64 + i % 64) * 4096) < 0)
			return NULL;
	return NULL;
}

static void *tk_thread(void *arg)
{
	return arg;
}

static int run_threads(void *(*fn)(void *), int n)
{
	pthread_t t[16];
	for (long i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, fn, (void *)i) != 0)
			return 1;
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: tkhelper MODE [ARG]\n");
		return 2;
	}
	const char *mode = argv[1];
	long n = argc > 2 ? atol(argv[2]) : 0;

	if (strcmp(mode, "malloc") == 0) {		/* n allocations of 123456 bytes */
		for (long i = 0; i < n; i++)
			free(tk_alloc(123456));
	} else if (strcmp(mode, "calls") == 0) {	/* tk_counted() n times */
		long s = 0;
		for (long i = 0; i < n; i++)
			s += tk_counted(i);
		printf("%ld\n", s);
	} else if (strcmp(mode, "faults") == 0) {	/* n pages touched once */
		char *p = mmap(NULL, (size_t)n * 4096, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return 1;
		madvise(p, (size_t)n * 4096, MADV_NOHUGEPAGE);
		printf("%ld\n", tk_touch(p, n));
	} else if (strcmp(mode, "mutex") == 0) {	/* 4 threads on one mutex */
		return run_threads(tk_mutex_worker, 4);
	} else if (strcmp(mode, "writers") == 0) {	/* 8 threads writing one file */
		tk_fd = open(argv[2], O_WRONLY | O_CREAT, 0644);
		if (tk_fd < 0)
			return 1;
		return run_threads(tk_writer, 8);
	} else if (strcmp(mode, "threads") == 0) {	/* n threads started and joined */
		return run_threads(tk_thread, (int)n);
	} else if (strcmp(mode, "hog") == 0) {		/* memory until killed */
		for (;;) {
			char *p = malloc(1 << 20);
			if (p == NULL)
				return 1;
			memset(p, 1, 1 << 20);
		}
	} else if (strcmp(mode, "spin") == 0) {	/* a CPU until killed */
		for (;;)
			tk_shared++;
	} else if (strcmp(mode, "sleeps") == 0) {	/* n sleeps of 1 ms */
		for (long i = 0; i < n; i++)
			usleep(1000);
	} else if (strcmp(mode, "getppid") == 0) {	/* n getppid(2) calls */
		for (long i = 0; i < n; i++)
			getppid();
	} else {
		fprintf(stderr, "tkhelper: unknown mode %s\n", mode);
		return 2;
	}
	return 0;
}

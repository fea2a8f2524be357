/*
 * Workloads for the stable providers' tests (proc, sched, io): each mode
 * does what fires a provider's probes, with values the tests check.
 *
 * The mode is the first argument, or what follows the last '-' of the
 * program's name (stablework-proc).
 *
 *	stablework proc	forks a child that exits with status 3, one killed
 *			by SIGKILL, one that execs /bin/true; fails to exec
 *			a path that does not exist (ENOENT); sends itself
 *			SIGUSR1, which a handler takes; takes SIGUSR2,
 *			blocked and sent to itself, with sigwait; runs a
 *			thread
 *	stablework sleep	sleeps 10 times 10 ms, then spins 200 ms
 *	stablework io	reads 8192 bytes at 1 MiB of a loop device over a
 *			file of its own with O_DIRECT, then writes 4096 at
 *			2 MiB
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void handler(int sig) { got = sig; }

static void *thread(void *arg) { return arg; }

static int proc(void)
{
	pid_t p;
	int st;
	pthread_t t;
	sigset_t set;
	int sig;

	if ((p = fork()) == 0)
		_exit(3);
	waitpid(p, &st, 0);
	if ((p = fork()) == 0) {
		pause();
		_exit(0);
	}
	kill(p, SIGKILL);
	waitpid(p, &st, 0);
	if ((p = fork()) == 0) {
		execl("/bin/true", "true", "x", (char *)0);
		_exit(1);
	}
	waitpid(p, &st, 0);
	if ((p = fork()) == 0) {
		execl("/nonexistent/stablework", "nothing", (char *)0);
		_exit(errno);
	}
	waitpid(p, &st, 0);
	signal(SIGUSR1, handler);
	kill(getpid(), SIGUSR1);
	while (got == 0)
		;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR2);
	if (sigwait(&set, &sig) != 0 || sig != SIGUSR2)
		return 1;
	pthread_create(&t, NULL, thread, NULL);
	pthread_join(t, NULL);
	return 0;
}

static int sleeper(void)
{
	struct timespec ts = {0, 10000000}, now, end;
	int i;

	for (i = 0; i < 10; i++)
		nanosleep(&ts, NULL);
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_nsec += 200000000;
	if (end.tv_nsec >= 1000000000) {
		end.tv_sec++;
		end.tv_nsec -= 1000000000;
	}
	do
		clock_gettime(CLOCK_MONOTONIC, &now);
	while (now.tv_sec < end.tv_sec || now.tv_sec == end.tv_sec && now.tv_nsec < end.tv_nsec);
	return 0;
}

static int io(void)
{
	char img[] = "/var/tmp/stablework.XXXXXX", dev[64];
	int fd, ctl, n, lfd;
	void *buf;

	if ((fd = mkstemp(img)) < 0 || ftruncate(fd, 4 << 20) < 0) {
		perror("image");
		return 1;
	}
	unlink(img);
	if ((ctl = open("/dev/loop-control", O_RDWR)) < 0 || (n = ioctl(ctl, LOOP_CTL_GET_FREE)) < 0) {
		perror("loop-control");
		return 1;
	}
	snprintf(dev, sizeof(dev), "/dev/loop%d", n);
	if ((lfd = open(dev, O_RDWR)) < 0 || ioctl(lfd, LOOP_SET_FD, fd) < 0) {
		perror(dev);
		return 1;
	}
	close(lfd);
	if ((lfd = open(dev, O_RDWR | O_DIRECT)) < 0 || posix_memalign(&buf, 4096, 8192) != 0) {
		perror(dev);
		return 1;
	}
	memset(buf, 'x', 8192);
	if (pread(lfd, buf, 8192, 1 << 20) != 8192 || pwrite(lfd, buf, 4096, 2 << 20) != 4096)
		perror("io");
	close(lfd);
	if ((lfd = open(dev, O_RDWR)) >= 0) {
		ioctl(lfd, LOOP_CLR_FD, 0);
		close(lfd);
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	const char *dash = strrchr(argv[0], '-');

	/* stablework-MODE is stablework MODE. */
	if (argc == 1 && dash != NULL)
		mode = dash + 1;
	if (strcmp(mode, "proc") == 0)
		return proc();
	if (strcmp(mode, "sleep") == 0)
		return sleeper();
	if (strcmp(mode, "io") == 0)
		return io();
	fprintf(stderr, "usage: stablework proc|sleep|io\n");
	return 2;
}

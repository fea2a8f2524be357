/*
 * Contends for kernel locks until killed, as the suffix of the name it is
 * run by says:
 *
 *   contend-pipe  eight threads write one pipe that a ninth reads: the
 *                 pipe's mutex, its wait queues' spin locks;
 *   contend-file  four threads write one file: its inode's rw_semaphore;
 *   contend-dio   four threads read one file through one descriptor with
 *                 O_DIRECT: its position's mutex (f_pos_lock), which each
 *                 holds while it waits for the disk;
 *   contend-rw    two threads send the null signal to every process
 *                 (kill(-1, 0) holds tasklist_lock for reading) while two
 *                 call setpgid (which takes it for writing, changing
 *                 nothing here).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fds[2];
static int file;

static void *writer(void *arg)
{
	char buf[512] = {0};

	for (;;)
		if (write(fds[1], buf, sizeof(buf)) < 0)
			exit(1);
	return arg;
}

static void *reader(void *arg)
{
	char buf[65536];

	for (;;)
		if (read(fds[0], buf, sizeof(buf)) < 0)
			exit(1);
	return arg;
}

static void *filewriter(void *arg)
{
	char buf[4096] = {0};

	for (;;)
		if (pwrite(file, buf, sizeof(buf), 0) < 0)
			exit(1);
	return arg;
}

static void *dioreader(void *arg)
{
	void *buf;

	if (posix_memalign(&buf, 4096, 4096) != 0)
		exit(1);
	for (;;) {
		ssize_t n = read(file, buf, 4096);

		if (n < 0)
			exit(1);
		if (n == 0)
			lseek(file, 0, SEEK_SET);
	}
	return arg;
}

static void *killer(void *arg)
{
	for (;;)
		kill(-1, 0);
	return arg;
}

static void *grouper(void *arg)
{
	pid_t pgrp = getpgrp();

	for (;;)
		setpgid(0, pgrp);
	return arg;
}

/* start runs n threads of f. */
static void start(void *(*f)(void *), int n)
{
	pthread_t t;

	for (int i = 0; i < n; i++)
		if (pthread_create(&t, NULL, f, NULL) != 0)
			exit(1);
}

int main(int argc, char **argv)
{
	const char *mode = strrchr(argv[0], '-');

	if (mode == NULL)
		return 2;
	mode++;
	if (strcmp(mode, "pipe") == 0) {
		if (pipe(fds) != 0)
			return 1;
		start(reader, 1);
		start(writer, 8);
	} else if (strcmp(mode, "file") == 0) {
		char path[] = "/tmp/dtrace-lockstat/fileXXXXXX";

		if ((file = mkstemp(path)) < 0)
			return 1;
		unlink(path);
		start(filewriter, 4);
	} else if (strcmp(mode, "dio") == 0) {
		char path[] = "/tmp/dtrace-lockstat/dioXXXXXX";
		char block[4096] = {0};

		if ((file = mkstemp(path)) < 0)
			return 1;
		for (int i = 0; i < 256; i++)
			if (write(file, block, sizeof(block)) != sizeof(block))
				return 1;
		fsync(file);
		close(file);
		if ((file = open(path, O_RDONLY | O_DIRECT)) < 0)
			return 1;
		unlink(path);
		start(dioreader, 4);
	} else if (strcmp(mode, "rw") == 0) {
		start(killer, 2);
		start(grouper, 2);
	} else {
		return 2;
	}
	pause();
	return 0;
}

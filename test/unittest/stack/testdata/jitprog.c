/*
 * A program that generates code at run time, as a JIT compiler does, and
 * names it in /tmp/perf-PID.map as Node.js, the JVM and Python's -X perf
 * do ("START SIZE name", hex). It copies three functions into anonymous
 * memory that it makes executable:
 *
 *	jit_getppid (offset 0x00) makes the getppid system call itself;
 *	at 0x40, a function the map never names, calls jit_getppid;
 *	jit_late (offset 0x80) calls the one at 0x40.
 *
 * Each sets up its frame pointer (there is no call-frame information for
 * them), so that a user stack at the system call reads jit_getppid+0xb,
 * the address 0x40 + 0x10, [jit_late+0xf,] main.
 *
 * With no argument, the map names jit_getppid (after a line that does not
 * parse) and main calls the function at 0x40 every 10 ms, 1000 times,
 * then removes the map and exits, as it does at SIGTERM. With "wait",
 * main calls the function at 0x40 once, waits for SIGUSR1, appends
 * jit_late's line to the map, calls jit_late once, removes the map and
 * exits.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const unsigned char getppid_code[] = {
	0x55, 0x48, 0x89, 0xe5,		/* push %rbp; mov %rsp,%rbp */
	0xb8, 110, 0, 0, 0,		/* mov $SYS_getppid,%eax */
	0x0f, 0x05,			/* syscall */
	0x5d, 0xc3,			/* pop %rbp; ret */
};

/* push %rbp; mov %rsp,%rbp; movabs $target,%rax; call *%rax; pop %rbp; ret */
static void call_code(unsigned char *at, void *target)
{
	static const unsigned char head[] = { 0x55, 0x48, 0x89, 0xe5, 0x48, 0xb8 };
	static const unsigned char tail[] = { 0xff, 0xd0, 0x5d, 0xc3 };
	uint64_t a = (uint64_t)target;

	memcpy(at, head, sizeof head);
	memcpy(at + sizeof head, &a, sizeof a);
	memcpy(at + sizeof head + sizeof a, tail, sizeof tail);
}

static char path[64];

static void name(unsigned char *code, unsigned off, unsigned size, const char *fn)
{
	FILE *f = fopen(path, "a");

	if (f == NULL)
		_exit(1);
	fprintf(f, "%lx %x %s\n", (unsigned long)(code + off), size, fn);
	fclose(f);
}

static void usr1(int sig) { (void)sig; }

static void term(int sig)
{
	(void)sig;
	unlink(path);
	_exit(0);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	unsigned char *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void (*anon)(void), (*late)(void);
	sigset_t block, old;
	FILE *f;

	if (code == MAP_FAILED)
		return 1;
	memcpy(code, getppid_code, sizeof getppid_code);
	call_code(code + 0x40, code);
	call_code(code + 0x80, code + 0x40);
	if (mprotect(code, 4096, PROT_READ | PROT_EXEC) != 0)
		return 1;
	anon = (void (*)(void))(code + 0x40);
	late = (void (*)(void))(code + 0x80);
	snprintf(path, sizeof path, "/tmp/perf-%d.map", (int)getpid());
	if ((f = fopen(path, "w")) == NULL)
		return 1;
	fprintf(f, "not a line of a perf map\n");
	fclose(f);
	if (strcmp(mode, "wait") == 0) {
		sigemptyset(&block);
		sigaddset(&block, SIGUSR1);
		sigprocmask(SIG_BLOCK, &block, &old);
		signal(SIGUSR1, usr1);
		name(code, 0, sizeof getppid_code, "jit_getppid");
		anon();
		sigsuspend(&old);
		name(code, 0x80, 0x20, "jit_late");
		late();
		unlink(path);
		return 0;
	}
	signal(SIGTERM, term);
	name(code, 0, sizeof getppid_code, "jit_getppid");
	for (int i = 0; i < 1000; i++) {
		anon();
		usleep(10000);
	}
	unlink(path);
	return 0;
}

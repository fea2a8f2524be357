/*
 * A program with known frames for the stack tests: main calls a, a calls
 * b, b calls c, and c makes the getppid system call itself (no libc
 * wrapper, which has no frame of its own), every 10 ms, forever. Built
 * with -O0 (every function, c included, sets up its frame pointer), its
 * user stack at the system call reads c, b, a, main. With an argument it
 * calls a once and exits 200 ms later.
 */
#include <sys/syscall.h>
#include <unistd.h>

__attribute__((noinline)) long c(long x)
{
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "a"((long)SYS_getppid) : "rcx", "r11", "memory");
	return ret + x;
}

__attribute__((noinline)) long b(long x) { return c(x) * 2; }

__attribute__((noinline)) long a(long x) { return b(x) + 1; }

int main(int argc, char **argv)
{
	long s = 0;

	(void)argv;
	if (argc > 1) {
		s = a(0);
		usleep(200000);
		return (int)s & 0;
	}
	for (;;) {
		s += a(s);
		usleep(10000);
	}
	return (int)s;
}

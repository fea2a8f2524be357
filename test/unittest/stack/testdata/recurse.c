/*
 * A program whose user stack is deeper than the kernel's walk reaches
 * (perf_event_max_stack, 127 frames): main calls rec(300), which recurses
 * down to rec(0), which calls leaf, which makes the getppid system call
 * itself, every 10 ms, 1000 times. At the system call its stack reads
 * leaf, rec 301 times, main, then the C library's start-up frames.
 */
#include <sys/syscall.h>
#include <unistd.h>

__attribute__((noinline)) long leaf(void)
{
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "a"((long)SYS_getppid) : "rcx", "r11", "memory");
	return ret;
}

__attribute__((noinline)) long rec(int n)
{
	if (n == 0)
		return leaf();
	return rec(n - 1) + 1;
}

int main(void)
{
	long s = 0;

	for (int i = 0; i < 1000; i++) {
		s += rec(300);
		usleep(10000);
	}
	return (int)s & 0;
}

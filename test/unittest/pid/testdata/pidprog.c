/*
 * pidprog: functions of known arguments and return values for the pid
 * provider's tests. It prints nothing (its output would mix with
 * dtrace's). It calls each function once; "pidprog loop" calls them
 * every 10 ms until it is killed; "pidprog 1 bad" calls fn_bad too.
 */
#include <string.h>
#include <unistd.h>

__attribute__((noinline)) long fn_add3(long a, long b, long c) { return a + b + c; }

/* Eight arguments: the last two on the stack. */
__attribute__((noinline)) long fn_eight(long a, long b, long c, long d, long e, long f, long g, long h)
{
	return a + b + c + d + e + f + g + h;
}

__attribute__((noinline)) int fn_neg(int x) { return -x; }

/* strlen is an IFUNC of libc: its implementation runs. */
__attribute__((noinline)) size_t fn_len(const char *s) { return strlen(s); }

/* Called with an address that cannot be read. */
__attribute__((noinline)) int fn_bad(const char *p) { return p != NULL; }

/* Functions a glob matches. */
__attribute__((noinline)) int glob_one(int x) { return x + 1; }
__attribute__((noinline)) int glob_two(int x) { return x + 2; }

/*
 * asm_sum(a, b) = a + b, in known instructions: mov %rdi,%rax (3 bytes,
 * offset 0), add %rsi,%rax (3 bytes, offset 3), ret (offset 6).
 */
long asm_sum(long a, long b);
__asm__(".text\n"
	".globl asm_sum\n"
	".type asm_sum, @function\n"
	"asm_sum:\n"
	"\tmov %rdi, %rax\n"
	"\tadd %rsi, %rax\n"
	"\tret\n"
	".size asm_sum, .-asm_sum\n");

/*
 * asm_frame(x) = fn_neg(x) with a frame pointer: push %rbp (offset 0),
 * mov %rsp,%rbp (1), call fn_neg (4), pop %rbp (9), ret (10).
 */
long asm_frame(long x);
__asm__(".text\n"
	".globl asm_frame\n"
	".type asm_frame, @function\n"
	"asm_frame:\n"
	"\tpush %rbp\n"
	"\tmov %rsp, %rbp\n"
	"\tcall fn_neg\n"
	"\tpop %rbp\n"
	"\tret\n"
	".size asm_frame, .-asm_frame\n");

int main(int argc, char **argv)
{
	int loop = argc > 1 && strcmp(argv[1], "loop") == 0;
	char buf[64];
	volatile long sink = 0;

	/* On the stack: a page present when the probe reads it. */
	strcpy(buf, "hello, ifunc");
	for (int i = 0; i < 1 || loop; i++) {
		if (loop)
			usleep(10000);
		sink += fn_add3(1, 2, 3);
		sink += fn_eight(1, 2, 3, 4, 5, 6, 7, 8);
		sink += fn_neg(42);
		sink += fn_len(buf);
		sink += glob_one(1) + glob_two(2) + glob_two(3);
		sink += asm_sum(40, 2);
		sink += asm_frame(7);
	}
	if (argc > 2 && strcmp(argv[2], "bad") == 0)
		sink += fn_bad((const char *)8);
	return sink == 0;
}

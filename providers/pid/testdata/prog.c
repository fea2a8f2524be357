/*
 * A test program for the pid provider: functions of known instructions,
 * a family a pattern matches, a call of the IFUNC strlen, a function that
 * is only its ret. It waits for its
 * standard input to close once its libraries are mapped.
 */
#include <string.h>
#include <unistd.h>

__attribute__((noinline)) int glob_one(int x) { return x + 1; }
__attribute__((noinline)) int glob_two(int x) { return x + 2; }

/* mov %rdi,%rax (offset 0), add %rsi,%rax (3), ret (6). */
long asm_sum(long a, long b);
__asm__(".text\n"
	".globl asm_sum\n"
	".type asm_sum, @function\n"
	"asm_sum:\n"
	"\tmov %rdi, %rax\n"
	"\tadd %rsi, %rax\n"
	"\tret\n"
	".size asm_sum, .-asm_sum\n");

/* ret (offset 0): its entry, offset 0 and return probes at one place. */
void nothing(void);
__asm__(".text\n"
	".globl nothing\n"
	".type nothing, @function\n"
	"nothing:\n"
	"\tret\n"
	".size nothing, .-nothing\n");

int main(int argc, char **argv)
{
	char buf[1];

	while (read(0, buf, 1) > 0)
		;
	nothing();
	return (int)strlen(argv[0]) + glob_one(1) + glob_two(2) + (int)asm_sum(1, 2) == 0;
}

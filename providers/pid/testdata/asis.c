/*
 * asis: instructions the kernel's uprobes do not run as written: AVX
 * instructions whose opcode bytes they take for branches, and pushf, which
 * they run with the trap flag set. Once its standard input closes, it
 * copies a string through %ymm0 and %ymm1 (with AVX2), reads its flags,
 * and prints both.
 */
#include <stdio.h>
#include <unistd.h>

/*
 * vcopy(dst, src) copies 32 bytes: vmovdqu (%rsi),%ymm0 (offset 0),
 * vpor %ymm0,%ymm0,%ymm1 (4: opcode eb, jmp), vmovdqu %ymm1,(%rdi) (8:
 * opcode 7f, jg), vzeroupper (12: opcode 77, ja), ret (15).
 */
void vcopy(char *dst, const char *src);
__asm__(".text\n"
	".globl vcopy\n"
	".type vcopy, @function\n"
	"vcopy:\n"
	"\tvmovdqu (%rsi), %ymm0\n"
	"\tvpor %ymm0, %ymm0, %ymm1\n"
	"\tvmovdqu %ymm1, (%rdi)\n"
	"\tvzeroupper\n"
	"\tret\n"
	".size vcopy, .-vcopy\n");

/*
 * flags() returns its flags, and sets them back: nop (offset 0), pushf
 * (1), pop %rax (2), push %rax (3), popf (4), ret (5).
 */
long flags(void);
__asm__(".text\n"
	".globl flags\n"
	".type flags, @function\n"
	"flags:\n"
	"\tnop\n"
	"\tpushfq\n"
	"\tpopq %rax\n"
	"\tpushq %rax\n"
	"\tpopfq\n"
	"\tret\n"
	".size flags, .-flags\n");

int main(int argc, char **argv)
{
	char src[33] = "abcdefghijklmnopqrstuvwxyz012345", dst[33] = {0}, buf[1];

	while (read(0, buf, 1) > 0)
		;
	if (argc > 1)
		vcopy(dst, src);
	printf("%s\n", dst);
	printf("trap flag %ld\n", flags() >> 8 & 1);
	return 0;
}

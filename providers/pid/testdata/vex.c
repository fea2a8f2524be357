/*
 * vex: AVX instructions whose opcode bytes the kernel's uprobes take for
 * branches. Once its standard input closes, it copies a string through
 * %ymm0 and %ymm1 and prints it.
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

int main(void)
{
	char src[33] = "abcdefghijklmnopqrstuvwxyz012345", dst[33] = {0}, buf[1];

	while (read(0, buf, 1) > 0)
		;
	vcopy(dst, src);
	printf("%s\n", dst);
	return 0;
}

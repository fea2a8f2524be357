/* A test program for symtab: it copies a function into anonymous memory
 * that it makes executable, prints that memory's address, then waits for
 * its standard input to close. */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	static const unsigned char code[] = {
		0x55, 0x48, 0x89, 0xe5, /* push %rbp; mov %rsp,%rbp */
		0x31, 0xc0,		/* xor %eax,%eax */
		0x5d, 0xc3,		/* pop %rbp; ret */
	};
	unsigned char *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char buf[1];

	if (m == MAP_FAILED)
		return 1;
	memcpy(m, code, sizeof code);
	if (mprotect(m, 4096, PROT_READ | PROT_EXEC) != 0)
		return 1;
	printf("%p\n", (void *)m);
	fflush(stdout);
	while (read(0, buf, 1) > 0)
		;
	return ((int (*)(void))m)();
}

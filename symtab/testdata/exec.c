/* A test program for symtab: it prints the address of its function main,
 * then, once it has read a line from its standard input, executes the
 * program its first argument names (in the same process). */
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[1];

	printf("%p\n", (void *)main);
	fflush(stdout);
	if (argc < 2 || read(0, buf, 1) != 1)
		return 1;
	execv(argv[1], argv + 1);
	return 2;
}

/* A test program for symtab: it prints the addresses of its functions a,
 * b and c and of a static function of its shared library, then waits for
 * its standard input to close. */
#include <stdio.h>
#include <unistd.h>

void *libaddr(void);

__attribute__((noinline)) int c(int x) { return x + getppid(); }
__attribute__((noinline)) int b(int x) { return c(x) * 2; }
__attribute__((noinline)) int a(int x) { return b(x) + 1; }

int main(void)
{
	char buf[1];

	printf("%p %p %p %p\n", (void *)a, (void *)b, (void *)c, libaddr());
	fflush(stdout);
	while (read(0, buf, 1) > 0)
		;
	return a(1) & 0;
}

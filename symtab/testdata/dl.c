/* A test program for symtab: it prints the address of its function main,
 * then, once it has read a line from its standard input, loads the shared
 * library its first argument names and prints what the library's libaddr
 * returns (the address of a static function), then waits for its standard
 * input to close. */
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[1];
	void *lib;
	void *(*libaddr)(void);

	printf("%p\n", (void *)main);
	fflush(stdout);
	if (argc < 2 || read(0, buf, 1) != 1)
		return 1;
	lib = dlopen(argv[1], RTLD_NOW);
	if (lib == NULL)
		return 2;
	libaddr = (void *(*)(void))dlsym(lib, "libaddr");
	if (libaddr == NULL)
		return 3;
	printf("%p\n", libaddr());
	fflush(stdout);
	while (read(0, buf, 1) > 0)
		;
	return 0;
}

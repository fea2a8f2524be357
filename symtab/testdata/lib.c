/* The shared library of prog.c: libaddr returns the address of a static
 * function, which only the library's .symtab names. */
__attribute__((noinline)) static int libstatic(int x) { return x * 3; }

int libfn(int x) { return libstatic(x) + 1; }

void *libaddr(void) { return (void *)libstatic; }

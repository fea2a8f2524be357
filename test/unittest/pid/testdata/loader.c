/*
 * loader: loads the library its argument names, calls its loop_fn, and
 * unloads it, again and again until it is killed.
 */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	for (;;) {
		void *h = dlopen(argv[1], RTLD_NOW);
		if (h == NULL) {
			fprintf(stderr, "%s\n", dlerror());
			return 1;
		}
		int (*f)(int) = (int (*)(int))dlsym(h, "loop_fn");
		if (f == NULL || f(1) != 2)
			return 1;
		dlclose(h);
	}
}

/*
 * trustprog: a program whose output says whether tracing changed what it
 * computed. It prints its arguments and whether it has an environment,
 * sorts its arguments with qsort (a callback), takes a signal, longjmps
 * out of a recursion, siglongjmps out of a signal handler, runs a
 * makecontext coroutine, loads libm with dlopen, looks puts up with
 * RTLD_NEXT (which resolves from its caller's address), forks, writes to
 * stderr, and exits with status 5.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

extern char **environ;
static jmp_buf jb;
static sigjmp_buf sjb;
static volatile sig_atomic_t got;
static ucontext_t main_ctx, co_ctx;
static char co_stack[64 * 1024];

static void on_usr1(int sig) { got = sig; }
static void on_alrm(int sig) { (void)sig; siglongjmp(sjb, 7); }
static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

__attribute__((noinline)) static void deep(int n)
{
	if (n == 0)
		longjmp(jb, 42);
	deep(n - 1);
	printf("not reached\n");
}

static void coroutine(void)
{
	printf("in the coroutine\n");
	swapcontext(&co_ctx, &main_ctx);
	printf("in the coroutine again\n");
}

int main(int argc, char **argv)
{
	int n = 0, v, st;

	printf("argc=%d\n", argc);
	for (int i = 0; i < argc; i++)
		printf("argv[%d]=%s\n", i, argv[i]);
	for (char **e = environ; *e; e++)
		n++;
	printf("environment: %s\n", n > 0 ? "yes" : "no");
	qsort(argv + 1, argc - 1, sizeof argv[0], cmp);
	for (int i = 1; i < argc; i++)
		printf("sorted %s\n", argv[i]);

	signal(SIGUSR1, on_usr1);
	raise(SIGUSR1);
	printf("signal %d\n", got);
	if ((v = setjmp(jb)) == 0)
		deep(5);
	printf("longjmp %d\n", v);
	signal(SIGALRM, on_alrm);
	if ((v = sigsetjmp(sjb, 1)) == 0) {
		raise(SIGALRM);
		printf("not reached\n");
	}
	printf("siglongjmp %d\n", v);

	getcontext(&co_ctx);
	co_ctx.uc_stack.ss_sp = co_stack;
	co_ctx.uc_stack.ss_size = sizeof co_stack;
	co_ctx.uc_link = &main_ctx;
	makecontext(&co_ctx, coroutine, 0);
	swapcontext(&main_ctx, &co_ctx);
	printf("back in main\n");
	swapcontext(&main_ctx, &co_ctx);
	printf("the coroutine is done\n");

	void *h = dlopen("libm.so.6", RTLD_NOW);
	double (*cosp)(double) = h ? (double (*)(double))dlsym(h, "cos") : NULL;
	printf("dlopen: %s, cos(0) = %g\n", h ? "loaded" : dlerror(), cosp ? cosp(0) : -1);
	printf("RTLD_NEXT puts: %s\n", dlsym(RTLD_NEXT, "puts") ? "found" : dlerror());

	pid_t c = fork();
	if (c == 0)
		_exit(3);
	waitpid(c, &st, 0);
	printf("the child exited with %d\n", WEXITSTATUS(st));
	fflush(stdout);
	fprintf(stderr, "to stderr\n");
	return 5;
}

/*
 * usdtprog: SystemTap SDT probes of provider dtgotest for the usdt
 * provider's tests. It prints nothing. "usdtprog loop" fires "tick" every
 * 10 ms until it is killed.
 *
 *   plain(a, b, c, d)  arguments of every size and sign, from <sys/sdt.h>
 *   sites(x, y)        two sites in main, their arguments in other places
 *   guarded(i)         guarded by a semaphore: fires only while traced
 *   semvalue(v)        unguarded: the value of guarded's semaphore
 *   forms(...)         twelve arguments in every form the notes of python,
 *                      libstdc++, postgres and the JVM use, in a note
 *                      written here (sys/sdt.h lets the compiler choose)
 */
#define _SDT_HAS_SEMAPHORES 1
#include <string.h>
#include <unistd.h>
#include <sys/sdt.h>

/*
 * With _SDT_HAS_SEMAPHORES, every probe of <sys/sdt.h> has a semaphore;
 * only guarded's is tested before it fires. forms has none.
 */
#define SEMAPHORE(name) \
	unsigned short dtgotest_##name##_semaphore __attribute__((unused)) __attribute__((section(".probes")))
SEMAPHORE(tick);
SEMAPHORE(plain);
SEMAPHORE(sites);
SEMAPHORE(semvalue);
SEMAPHORE(guarded);

/* Memory arguments at symbols: forms reads gcount and gstats.val. */
int gcount = -77;
struct {
	long pad[5];
	int val; /* offset 40 */
} gstats = {{0}, -123};
int gneg = -5;

__attribute__((noinline)) static void forms(void)
{
	long frame[10] = {1234567890123L};
	register long r13 __asm__("r13") = 0x7ffffffe8003fff0L;

	/*
	 * -4@%eax (-2), -4@%r13d (-2147221520), -2@%r13w (-16), 1@%al (254),
	 * 1@%dil (52), 1@%ah (255), 8@-80(%rbx) (1234567890123), -4@(%rcx)
	 * (-5), -4@$42, -4@$-1, -4@gcount(%rip) (-77), -4@40+gstats(%rip)
	 * (-123).
	 */
	__asm__ __volatile__(
		"990: nop\n"
		".pushsection .note.stapsdt,\"?\",\"note\"\n"
		".balign 4\n"
		".4byte 992f-991f, 994f-993f, 3\n"
		"991: .asciz \"stapsdt\"\n"
		"992: .balign 4\n"
		"993: .8byte 990b\n"
		".8byte _.stapsdt.base\n"
		".8byte 0\n"
		".asciz \"dtgotest\"\n"
		".asciz \"forms\"\n"
		".asciz \"-4@%%eax -4@%%r13d -2@%%r13w 1@%%al 1@%%dil 1@%%ah 8@-80(%%rbx) -4@(%%rcx) -4@$42 -4@$-1 -4@gcount(%%rip) -4@40+gstats(%%rip)\"\n"
		"994: .balign 4\n"
		".popsection\n"
		:
		: "a"(0x12345678fffffffeL), "r"(r13), "D"(0x1234L), "b"(&frame[10]), "c"(&gneg)
		: "memory");
}

int main(int argc, char **argv)
{
	int loop = argc > 1 && strcmp(argv[1], "loop") == 0;
	volatile int i;

	if (loop) {
		for (;;) {
			DTRACE_PROBE(dtgotest, tick);
			usleep(10000);
		}
	}
	DTRACE_PROBE4(dtgotest, plain, (signed char)-1, (unsigned short)65535, -3, (long)-4);
	for (i = 0; i < 3; i++) {
		DTRACE_PROBE2(dtgotest, sites, 1, i);
		DTRACE_PROBE1(dtgotest, semvalue, dtgotest_guarded_semaphore);
		if (dtgotest_guarded_semaphore)
			DTRACE_PROBE1(dtgotest, guarded, i);
		DTRACE_PROBE2(dtgotest, sites, i * 10, 2);
	}
	forms();
	return 0;
}

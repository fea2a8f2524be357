/*
 * A test program for the usdt provider: probes of provider tpx, one with
 * a semaphore and a name with "__", fired once its standard input closes.
 */
#define _SDT_HAS_SEMAPHORES 1
#include <unistd.h>
#include <sys/sdt.h>

unsigned short tpx_dash__name_semaphore __attribute__((unused)) __attribute__((section(".probes")));
unsigned short tpx_plain_semaphore __attribute__((unused)) __attribute__((section(".probes")));
long gvar = -42;

int main(void)
{
	char buf[1];

	while (read(0, buf, 1) > 0)
		;
	if (tpx_dash__name_semaphore)
		DTRACE_PROBE3(tpx, dash__name, (signed char)-1, (unsigned short)65535, gvar);
	DTRACE_PROBE(tpx, plain);
	return 0;
}

/* @@pre: sh unittest/usdt/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-usdt/usdtprog */

/*
 * USDT arguments from the locations the SDT notes give, each cut to its
 * size and sign- or zero-extended: plain's are constants <sys/sdt.h>
 * made (a signed char -1, an unsigned short 65535, an int -3, a long -4);
 * forms's every form the notes on this system use: sub-registers (%eax,
 * %r13d, %r13w, %al, %dil, %ah), memory at a register plus a displacement
 * and at a register, constants, and variables reached %rip-relative.
 */
dtgotest$target:::plain
{
	printf("%s %d %d %d %d\n", probename, arg0, arg1, arg2, arg3);
}

dtgotest$target:::forms
{
	printf("%s %d %d %d %d %d %d\n", probename, arg0, arg1, arg2, arg3, arg4, arg5);
	printf("%s %d %d %d %d %d %d\n", probename, arg6, arg7, arg8, arg9, args[10], args[11]);
}

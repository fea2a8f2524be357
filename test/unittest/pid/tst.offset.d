/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-pid/pidprog */
/* @@nosort */

/*
 * Offset probes, named by the instruction's offset in hexadecimal:
 * asm_sum(40, 2) is mov %rdi,%rax (offset 0), add %rsi,%rax (3), ret (6).
 * The arguments are read as at the entry.
 */
pid$target:a.out:asm_sum:0,
pid$target:a.out:asm_sum:3,
pid$target:a.out:asm_sum:6
{
	printf("%s:%s %d %d\n", probefunc, probename, arg0, arg1);
}

/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -c /tmp/dtrace-pid/pidprog */

/*
 * An offset inside an instruction (mov %rdi,%rax is three bytes) is
 * refused.
 */
pid$target:a.out:asm_sum:1
{
}

/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -c /tmp/dtrace-pid/pidprog */

/* An offset past the function's last byte (asm_sum has 7) is refused. */
pid$target:a.out:asm_sum:7
{
}

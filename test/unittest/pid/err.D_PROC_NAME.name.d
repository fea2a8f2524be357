/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -c /tmp/dtrace-pid/pidprog */

/* A name that is neither entry, return nor a hexadecimal offset. */
pid$target:a.out:asm_sum:middle
{
}

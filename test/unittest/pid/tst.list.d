/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -l -c /tmp/dtrace-pid/pidprog */
/* @@post: awk '{ print $3, $4, $5 }' */
/* @@nosort */

/*
 * Listing pid probes: an empty name makes the return and entry probes and
 * one at every instruction, in that order; a.out names the executable,
 * listed by its file's name. (The ids and the provider's pid change from
 * run to run: the filter leaves them out.)
 */
pid$target:a.out:asm_sum:,
pid$target:a.out:glob_*:entry
{
}

/* @@runtest-opts: -l */
/* @@post: awk '{ print $2, $NF }' */

/*
 * dtrace -l lists EVENT-all-1000000000 for each event, and a probe made
 * from its name where a description names it.
 */
cpc:::cpu_clock-all-*,
cpc:::page_faults-all-1000000000,
cpc:::page_faults-user-100
{
}

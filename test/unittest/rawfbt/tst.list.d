/* @@runtest-opts: -l */
/* @@post: awk 'NR > 1 { n[$2 " " $3 " " $NF]++; if ($4 !~ /[.]isra[.]0$/) odd = odd " " $4 } END { for (k in n) print k, (n[k] > 100); print "not a copy:" odd }' */

/*
 * rawfbt lists the compiler-made copies of functions (name.isra.0), an
 * entry and a return probe each (over a hundred of each), of vmlinux:
 * here, where available_filter_functions cannot be read, from kallsyms.
 */
rawfbt:vmlinux:*.isra.0:
{
}

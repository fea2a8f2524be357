/* @@pre: sh unittest/usdt/headers.sh */
/* @@runtest-opts: -l -c /tmp/dtrace-usdt/headers/app */
/* @@post: awk '{ sub(/[0-9]+$/, "", $2); print $2, $3, $4, $5 }' */

/*
 * dtrace -l lists the application's probes under its provider, the
 * probes' names with DTrace's "-" for the declaration's "__" (the ids
 * and the process id left out).
 */
myapp$target:::
{
}

/* @@pre: sh unittest/usdt/build.sh */
/* @@runtest-opts: -l -c /tmp/dtrace-usdt/usdtprog */
/* @@post: awk '{ print $3, $4, $5 }' */
/* @@nosort */

/*
 * The probes of a USDT provider, in note order: module the object's file
 * name, function the one holding the site, the name with "__" as "-" (none
 * here has one); sites is one probe with two sites. (The ids and the
 * provider's pid change from run to run: the filter leaves them out.)
 */
dtgotest$target:::
{
}

/* @@pre: sh unittest/usdt/build.sh */
/* @@runtest-opts: -lv -c /tmp/dtrace-usdt/usdtprog */
/* @@post: sed 1d | awk 'NF > 1 && $1 !~ /^[0-9]+$/' */
/* @@nosort */

/*
 * -lv: the arguments' types, from their sizes and signs in the note.
 */
dtgotest$target:::plain
{
}

/* @@runtest-opts: -lv */
/* @@post: awk '$1 ~ /^[0-9]+$/ { $1 = "ID" } { print }' */

/*
 * dtrace -lv lists lockstat's probes, their stability and argument
 * types; on standard error, those that cannot fire here and why (this
 * kernel can probe no function).
 */
lockstat:::
{
}

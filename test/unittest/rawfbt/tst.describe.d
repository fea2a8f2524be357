/* @@runtest-opts: -lv */
/* @@post: awk '$1 ~ /^[0-9]+$/ { $1 = "ID" } { print }' */

/*
 * dtrace -lv gives rawfbt probes DTrace for Linux's attributes, fbt's,
 * and no argument types.
 */
rawfbt:vmlinux:do_sys_openat2:entry
{
}

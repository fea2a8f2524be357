/*
 * rawfbt probes attach with kprobes, which this kernel does not have:
 * enabling one fails, saying why.
 */
rawfbt:vmlinux:do_sys_openat2:entry
{
}

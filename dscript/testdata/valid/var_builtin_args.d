/* Exercises: arg0 through arg9 builtins. */
#pragma D option quiet

fbt:vmlinux:do_sys_openat2:entry
{
	printf("%x %x %x %x %x\n", arg0, arg1, arg2, arg3, arg4);
	printf("%x %x %x %x %x\n", arg5, arg6, arg7, arg8, arg9);
}

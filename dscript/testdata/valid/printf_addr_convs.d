/* Exercises: %a (kernel symbol+offset), %A (user symbol), %p (pointer) conversions. */
#pragma D option quiet

fbt:vmlinux:kfree:entry
{
	printf("%a %p\n", caller, (void *)arg0);
}

profile-99
/arg1/
{
	printf("%A %p\n", uaddr(arg1), arg1);
}

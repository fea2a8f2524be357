/* Exercises: default output with trace() of probe identity and stack as a data-recording mix. */
fbt:vmlinux:do_exit:entry
{
	trace(probefunc);
	trace(execname);
	stack(3);
	ustack(3);
	printf("\n");
}

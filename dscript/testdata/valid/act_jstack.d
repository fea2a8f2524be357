/* Exercises: jstack() with no arguments and with frames/strsize. */
#pragma D option jstackstrsize=2048

syscall::write:entry
/execname == "java"/
{
	jstack();
	jstack(25, 4096);
}

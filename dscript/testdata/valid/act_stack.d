/* Exercises: stack() with default and explicit frame counts. */
fbt:vmlinux:schedule:entry
/execname == "kworker"/
{
	stack();
	stack(5);
}

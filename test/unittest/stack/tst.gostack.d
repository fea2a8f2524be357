/* @@trigger: mkdir -p /tmp/dtrace-stack && go build -o /tmp/dtrace-stack/gostack ./unittest/stack/testdata/gostack && exec /tmp/dtrace-stack/gostack */
/* @@post: grep 'gostack`main\.' */
/* @@timeout: 60 */
/* @@nosort */
#pragma D option quiet

/*
 * A Go program's frames, from its symbol table: main.c made the system
 * call (through the syscall package, whose frames the filter leaves out),
 * called by main.b, main.a and main.main.
 */
syscall::getppid:entry
/execname == "gostack"/
{
	ustack();
	exit(0);
}

/* @@pre: mkdir -p /tmp/dtrace-stack-value && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack-value/ustackprog unittest/stack/testdata/ustackprog.c */
/* @@runtest-opts: -c /tmp/dtrace-stack-value/ustackprog */
/* @@nosort */
#pragma D option quiet

/*
 * stack() and ustack() are values (dt_stack_t, as in DTrace for Linux
 * 2.0.4): stored at a system call's entry in a thread-local variable, a
 * global, an associative array and a clause-local, then traced, printed
 * with %k and aggregated on at its return.
 */
dt_stack_t g;
int n;

syscall::getppid:entry
/pid == $target && n < 3/
{
	self->k = stack(1);
	self->u = ustack(2);
	this->t = ustack(1);
	g = this->t;
	last[tid] = self->u;
}

syscall::getppid:return
/pid == $target && n < 3/
{
	@k[self->k] = count();
	@u[self->u, probefunc] = count();
	n++;
}

syscall::getppid:return
/pid == $target && n == 3/
{
	trace(self->k);
	printf("user:%k", self->u);
	printf("global:%k", g);
	printf("array:%k", last[tid]);
	exit(0);
}

END
{
	printa(@k);
	printa("%k %s %@d\n", @u);
}

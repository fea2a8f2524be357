/* Exercises: speculation spanning many fbt probes, committed only when the syscall is slow. */
#pragma D option quiet
#pragma D option cleanrate=101hz

syscall::fsync:entry
{
	self->spec = speculation();
	self->ts = timestamp;
}

fbt:vmlinux::entry
/self->spec/
{
	speculate(self->spec);
	printf("-> %s\n", probefunc);
}

fbt:vmlinux::return
/self->spec/
{
	speculate(self->spec);
	printf("<- %s = %x\n", probefunc, arg1);
}

syscall::fsync:return
/self->spec && timestamp - self->ts > 10000000/
{
	commit(self->spec);
	self->spec = 0;
	self->ts = 0;
}

syscall::fsync:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
	self->ts = 0;
}

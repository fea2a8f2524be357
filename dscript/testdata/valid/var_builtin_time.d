/* Exercises: timestamp, vtimestamp and walltimestamp builtins. */
#pragma D option quiet

syscall::fsync:entry
{
	self->ts = timestamp;
	self->vts = vtimestamp;
}

syscall::fsync:return
/self->ts/
{
	printf("%Y fsync: %d ns wall, %d ns on-cpu\n", walltimestamp,
	    timestamp - self->ts, vtimestamp - self->vts);
	self->ts = 0;
	self->vts = 0;
}

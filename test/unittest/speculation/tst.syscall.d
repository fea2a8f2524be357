/* @@trigger: ln -sf /bin/sh /tmp/spectrig && exec /tmp/spectrig -c 'while :; do true </nonexistent-spec-test; true </etc/hostname; sleep 0.1; done 2>/dev/null' */
#pragma D option quiet

/*
 * DTrace's classic use: speculate on every open, commit those that fail,
 * discard the others. The trigger, a shell named spectrig, opens a file
 * that does not exist and one that does.
 */
int n;

syscall::openat:entry
/execname == "spectrig"/
{
	self->spec = speculation();
	speculate(self->spec);
	printf("%s: %s\n", probefunc, copyinstr(arg1));
}

syscall::openat:return
/self->spec && (int)arg0 < 0/
{
	commit(self->spec);
	self->spec = 0;
	n++;
}

syscall::openat:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}

syscall::openat:return
/n == 3/
{
	exit(0);
}

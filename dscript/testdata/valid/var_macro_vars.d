/* Exercises: argument-free macro variables $pid, $ppid, $pgid, $sid, $uid, $gid, $euid, $egid. */
#pragma D option quiet

BEGIN
{
	printf("dtrace pid=%d ppid=%d pgid=%d sid=%d\n", $pid, $ppid, $pgid, $sid);
	printf("uid=%d gid=%d euid=%d egid=%d\n", $uid, $gid, $euid, $egid);
}

syscall:::entry
/pid == $pid || ppid == $pid/
{
	@self[probefunc] = count();
}

/* Exercises: fully-specified profile provider descriptions (profile:::tick-1sec, profile:::profile-199). */
#pragma D option quiet

profile:::profile-199
/arg0 != 0/
{
	@kern[func(arg0)] = count();
}

profile:::profile-199
/arg1 != 0/
{
	@user[execname] = count();
}

profile:::tick-1sec
{
	trunc(@kern, 10);
	printa(@kern);
	printa(@user);
	clear(@user);
}

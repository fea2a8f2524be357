/* @@nosort */
#pragma D option quiet

/* setopt() in a later clause: printa() before it sorts by value, after it by key. */
BEGIN
{
	@["c"] = sum(1);
	@["a"] = sum(3);
	@["b"] = sum(2);
	printa(@);
}

BEGIN
{
	setopt("aggsortkey", "yes");
	printa(@);
}

BEGIN
{
	setopt("aggsortkey", "no");
	setopt("aggsortrev", "on");
	printa(@);
	exit(0);
}

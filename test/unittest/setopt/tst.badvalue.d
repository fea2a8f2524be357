#pragma D option quiet

/* A value an option does not take is refused, and the option unchanged. */
BEGIN
{
	setopt("quiet", "um, well, no");
	setopt("aggrate", "0.5hz");
	setopt("switchrate", "ten");
	setopt("flowindent", "-1");
	exit(0);
}

/* Exercises: %s and %S (escaped) conversions on strings, char arrays and stringof results. */
#pragma D option quiet

syscall::write:entry
/arg0 == 1 && arg2 > 0/
{
	this->s = stringof(copyin(arg1, 16));
	printf("%s|%S\n", this->s, this->s);
	printf("%s %S\n", execname, "tab\tnewline\n");
}

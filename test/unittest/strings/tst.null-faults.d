#pragma D option quiet

/*
 * A NULL string cannot be recorded (trace(), printf()), copied into a
 * struct's member, or be a key: a bad address, 0 (a key's fault names
 * 128 plus its index, as dtrace-utils' does); s[i] of it reads address i.
 */
BEGIN
{
	trace(strchr("abc", 'z'));
}

BEGIN
{
	printf("%s\n", strstr("abc", "z"));
}

BEGIN
{
	s = strchr("abc", 'z');
	trace(s[3]);
}

BEGIN
{
	@[1, strchr("abc", 'z')] = count();
}

struct st {
	string	m;
};

BEGIN
{
	this->p = (struct st *)alloca(sizeof (struct st));
	this->p->m = strchr("abc", 'z');
}

BEGIN
{
	printf("done\n");
	exit(0);
}

/* Exercises: stringof applied to char pointers, char arrays and with/without parentheses. */
struct ent { char name[16]; char *p; };

syscall::openat:entry
{
	this->buf = (char *)copyin(arg1, 32);
	this->s1 = stringof(this->buf);
	this->s2 = stringof this->buf;
	this->e = (struct ent *)copyin(arg1, sizeof (struct ent));
	this->s3 = stringof(this->e->name);
	@[this->s1, this->s2, this->s3] = count();
}

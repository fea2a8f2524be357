#pragma D option quiet

/*
 * A string variable assigned its own value keeps it, whatever its kind
 * and however the value reaches it (a conditional, a subroutine). s + 1
 * is the string one character in: a global or this-> variable assigned
 * it is "", as dtrace-utils clears such a variable's first bytes before
 * it copies (from the byte after the first); self->, an associative
 * array's element and a struct member, which it copies without clearing,
 * drop the first character.
 */
struct st {
	string s;
};

struct st m;

BEGIN
{
	g = "abc"; g = g;
	printf("global s [%s]\n", g);
	g = "abc"; g = g == "" ? "-" : g;
	printf("global ?: [%s]\n", g);
	g = "abc"; g = substr(g, 1);
	printf("global substr [%s]\n", g);
	g = "abc"; g = strjoin(g, "x");
	printf("global strjoin [%s]\n", g);
	g = "abc"; g = g + 1;
	printf("global s + 1 [%s]\n", g);
	g = strchr("abc", 'z'); g = g;
	printf("global NULL %d\n", g == NULL);

	this->s = "abc"; this->s = this->s;
	printf("this s [%s]\n", this->s);
	this->s = "abc"; this->s = this->s == "" ? "-" : this->s;
	printf("this ?: [%s]\n", this->s);
	this->s = "abc"; this->s = substr(this->s, 1);
	printf("this substr [%s]\n", this->s);
	this->s = "abc"; this->s = strjoin(this->s, "x");
	printf("this strjoin [%s]\n", this->s);
	this->s = "abc"; this->s = this->s + 1;
	printf("this s + 1 [%s]\n", this->s);

	self->s = "abc"; self->s = self->s;
	printf("self s [%s]\n", self->s);
	self->s = "abc"; self->s = self->s == "" ? "-" : self->s;
	printf("self ?: [%s]\n", self->s);
	self->s = "abc"; self->s = strjoin(self->s, "x");
	printf("self strjoin [%s]\n", self->s);
	self->s = "abc"; self->s = self->s + 1;
	printf("self s + 1 [%s]\n", self->s);

	a[1] = "abc"; a[1] = a[1];
	printf("array s [%s]\n", a[1]);
	a[1] = "abc"; a[1] = substr(a[1], 1);
	printf("array substr [%s]\n", a[1]);
	a[1] = "abc"; a[1] = a[1] + 1;
	printf("array s + 1 [%s]\n", a[1]);

	m.s = "abc"; m.s = m.s;
	printf("member s [%s]\n", m.s);
	m.s = "abc"; m.s = m.s == "" ? "-" : m.s;
	printf("member ?: [%s]\n", m.s);
	m.s = "abc"; m.s = m.s + 1;
	printf("member s + 1 [%s]\n", m.s);
	exit(0);
}

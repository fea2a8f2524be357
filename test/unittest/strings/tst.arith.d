/* @@nosort */
#pragma D option quiet

/*
 * s + n and n + s are the string n bytes in, s - n n bytes back, s - p
 * (p a string or a char pointer) the distance in bytes: D treats a string
 * as a pointer in + and -.
 */
BEGIN
{
	s = "abcdefgh";
	this->t = "0123456789";
	n = 3;
	printf("%s %s %s\n", s + 2, 5 + s, this->t + n);
	printf("%s %s\n", (s + 6) - 2, this->t + n + n);
	printf("%d %d\n", (s + 5) - s, (this->t + 7) - (this->t + 2));
	this->u = s + 4;
	u = this->t + 8;
	self->v = s + 7;
	printf("%s %s %s %d\n", this->u, u, self->v, strlen(s + 1));
	exit(0);
}

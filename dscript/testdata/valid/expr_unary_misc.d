/* Exercises: unary operators on expressions: !, ~, -, *, combined with casts and sizeof. */
BEGIN
{
	a = 0;
	b = !a;
	c = ~a;
	d = -~a;
	e = !!b;
	f = ~(unsigned char)1;
	g = -sizeof (int);
	this->ip = (int *)alloca(sizeof (int));
	*this->ip = 9;
	h = -*this->ip;
	printf("%d %d %d %d %d %d %d\n", b, c, d, e, f, g, h);
}

/* Strings taken as pointers to char. */
BEGIN
{
	s = "abc";
	this->t = s + 1;
	self->u = 1 + s;
	c = s[1] + 1["xyz"] + this->t[0] + self->u[0];
	d = (s + 2) - s;
	n = strchr(s, 'z') == NULL && strstr(s, "b") != NULL;
	v = n ? s : NULL;
	w = (string)alloca(8);
	x = (string)0 == NULL;
	y = s == (void *)0;
}

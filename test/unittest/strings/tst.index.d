/* @@nosort */
#pragma D option quiet

/*
 * s[i] is the char at s + i, D treating a string as a pointer to char
 * there: for strings of every storage kind (a global, a this->, a self->
 * variable, an associative array's element), literals (i[s] too), a
 * subroutine's result and the builtins; the index may be a variable.
 */
BEGIN
{
	g = "global";
	this->t = "this";
	self->s = "self";
	a["k"] = "assoc";
	i = 2;
	printf("%c %c %c %c\n", g[0], this->t[1], self->s[2], a["k"][3]);
	printf("%c %c %c %d\n", "literal"[i], 3["literal"], g[i + 1], g[6]);
	printf("%c %c\n", strjoin("ab", "cd")[2], probename[1]);
	printf("%d %d\n", g[0] == 'g', sizeof (g[0]));
	exit(0);
}

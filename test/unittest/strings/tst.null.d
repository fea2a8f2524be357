/* @@nosort */
#pragma D option quiet

/*
 * What strchr(), strrchr(), strstr() and strtok() do not find is NULL: it
 * compares equal to NULL (and to 0), in predicates and ?: alike, and below
 * every other string, "" too (NULL and a string compare as pointers).
 * Assigned to a global or this-> variable, it stays NULL; assigned to a
 * self-> variable or an associative array's element, it deletes it, and
 * a string self-> variable or element never assigned or deleted reads as
 * NULL (as dtrace-utils' dt_cg_load_var reads it).
 */
self string never;

BEGIN
/strchr("abc", 'z') == NULL && strstr("abc", "bc") != NULL/
{
	s = strchr("abc", 'z');
	this->t = strrchr("abc", 'q');
	printf("%d %d %d %d\n", s == NULL, this->t == NULL, s != NULL, s == 0);
	printf("%s %s\n", s == NULL ? "none" : s,
	    strstr("abc", "c") == NULL ? "none" : strstr("abc", "c"));
	printf("%d %d %d %d %d\n", s == "", s < "", "" > s, s == s,
	    strtok("", ",") == NULL);
	s = "now set";
	printf("%d %s\n", s == NULL, s);
	self->s = "x";
	a[1] = "y";
	self->s = strchr("abc", 'z');
	a[1] = strstr("abc", "z");
	printf("%d %d %d %d\n", self->s == NULL, a[1] == NULL, self->never == NULL, a[2] == NULL);
	exit(0);
}

/* copyoutstr() needs -w, even in a branch. */
BEGIN
{
	if (arg0 != 0) {
		copyoutstr("x", arg0, 2);
	}
	exit(0);
}

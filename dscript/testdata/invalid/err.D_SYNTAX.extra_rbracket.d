BEGIN
{
	x = 1] /* ERROR D_SYNTAX "^extra \] in input stream$" */;
}

BEGIN
{
	x = 1.5 /* ERROR D_SYNTAX "^floating-point constants are not permitted$" */;
}

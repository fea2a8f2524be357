BEGIN
{
	x = 0777778; /* ERROR D_INT_DIGIT "^constant 0777778 contains invalid digit 8$" */
}

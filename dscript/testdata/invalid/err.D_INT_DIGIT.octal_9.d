BEGIN
{
	x = 09; /* ERROR D_INT_DIGIT "^constant 09 contains invalid digit 9$" */
}

BEGIN
{
	speculate(1);
	speculate(2); /* ERROR D_SPEC_SPEC "^speculate\( \) may not follow speculate\( \)$" */
}

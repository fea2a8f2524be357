BEGIN
{
	speculate(1);
	exit(0); /* ERROR D_EXIT_SPEC "^exit\( \) may not follow speculate\( \)$" */
}

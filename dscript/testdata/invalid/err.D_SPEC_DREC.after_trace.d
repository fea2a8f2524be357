BEGIN
{
	trace(1);
	speculate(1); /* ERROR D_SPEC_DREC "^speculate\( \) may not follow data-recording action\(s\)$" */
}

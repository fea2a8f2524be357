BEGIN
{
	trace(self->x); /* ERROR D_VAR_UNDEF "^self->x has not yet been declared or assigned$" */
}

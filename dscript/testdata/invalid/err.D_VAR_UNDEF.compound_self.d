BEGIN
{
	self->x *= 2; /* ERROR D_VAR_UNDEF "^self->x has not yet been declared or assigned$" */
}

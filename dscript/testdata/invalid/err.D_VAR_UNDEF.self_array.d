BEGIN
{
	trace(self->a[1]); /* ERROR D_VAR_UNDEF "^self->a has not yet been declared or assigned$" */
}

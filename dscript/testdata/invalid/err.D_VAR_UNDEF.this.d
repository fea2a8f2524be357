BEGIN
{
	trace(this->y); /* ERROR D_VAR_UNDEF "^this->y has not yet been declared or assigned$" */
}

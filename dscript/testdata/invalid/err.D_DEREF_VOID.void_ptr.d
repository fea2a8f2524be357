BEGIN
{
	this->p = (void *)0;
	trace(*this->p); /* ERROR D_DEREF_VOID "^cannot dereference pointer to void$" */
}

BEGIN
{
	this->p = (char *)alloca(8);
	this->q = (char *)arg0;
	this->d = this->p - this->q; /* ERROR D_OP_INCOMPAT "^adding or subtracting pointers to alloca and non-alloca space is meaningless: \"char \*\" - \"char \*\"$" */
}

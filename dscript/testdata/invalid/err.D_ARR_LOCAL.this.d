BEGIN
{
	this->x[1] = 2; /* ERROR D_ARR_LOCAL "^local variables may not be used as associative arrays: x$" */
}

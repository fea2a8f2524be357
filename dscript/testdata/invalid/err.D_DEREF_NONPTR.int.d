BEGIN
{
	x = 1;
	trace(*x); /* ERROR D_DEREF_NONPTR "^cannot dereference non-pointer type$" */
}

BEGIN
{
	this->x = arg0 ? (char *)alloca(1) : (char *)arg1; /* ERROR D_ALLOCA_INCOMPAT "^ternary conditional with alloca and non-alloca branches cannot be assigned to a variable$" */
}

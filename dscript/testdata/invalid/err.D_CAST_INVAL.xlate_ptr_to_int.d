/* A pointer to translated data is of dynamic type: it casts to no integer. */
BEGIN
{
	x = (uint64_t)curpsinfo; /* ERROR D_CAST_INVAL "^invalid cast expression: \"pointer to translated data\" to \"uint64_t\"$" */
}

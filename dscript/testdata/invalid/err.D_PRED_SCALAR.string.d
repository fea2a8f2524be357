BEGIN
/"a"/
{
	trace(1);
} /* ERROR D_PRED_SCALAR "^predicate result must be of scalar type$" */

BEGIN
/"a"/ /* ERROR D_PRED_SCALAR "^predicate result must be of scalar type$" */
{
	trace(1);
}

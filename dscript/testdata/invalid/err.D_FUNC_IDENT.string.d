BEGIN
{
	"str"(1); /* ERROR D_FUNC_IDENT "^function designator is not of function type$" */
}

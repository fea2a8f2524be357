/* stack()'s prototype is "stack([uint32_t])". */
BEGIN
{
	stack(1, 2); /* ERROR D_PROTO_LEN "^stack\( \) prototype mismatch: 2 args passed, at most 1 expected$" */
}

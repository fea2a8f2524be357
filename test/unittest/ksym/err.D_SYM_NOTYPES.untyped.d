/* A variable the kernel lists but whose type BTF does not give. */
BEGIN
{
	trace(`totalreserve_pages);
}

/* A variable the kernel lists but whose type BTF does not give. @@timeout: 120 */
BEGIN
{
	trace(`totalreserve_pages);
}

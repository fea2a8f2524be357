/* A symbol of a module that is not loaded. */
BEGIN
{
	trace(ext4`max_pfn);
}

/* A symbol of a module that is not loaded. @@timeout: 120 */
BEGIN
{
	trace(ext4`max_pfn);
}

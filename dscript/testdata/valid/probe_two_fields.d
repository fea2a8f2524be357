/* Exercises: probe descriptions with two fields (function:name). */
read:entry
{
	@a = count();
}

write:return
{
	@b = count();
}

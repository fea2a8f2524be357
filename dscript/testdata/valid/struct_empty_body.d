/* Exercises: clauses with completely empty bodies. */
BEGIN
{
}

syscall::read:entry
{}

END
{
}

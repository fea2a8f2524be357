#pragma D option nosuchoption

BEGIN
{
	trace(1);
}

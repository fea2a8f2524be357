#pragma D option quiet extra /* ERROR D_PRAGMA_MALFORM "^superfluous arguments specified for #pragma option$" */

BEGIN
{
	trace(1);
}

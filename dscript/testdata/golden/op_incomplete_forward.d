struct fwd *fp;

BEGIN
{
	trace(fp->a);
}

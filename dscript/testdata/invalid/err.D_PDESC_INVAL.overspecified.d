a:b:c:d:e /* ERROR D_PDESC_INVAL "^invalid probe description .a:b:c:d:e.: " */
{
	trace(1);
}

12345678901 /* ERROR D_PDESC_INVAL "^identifier 12345678901 exceeds maximum probe id$" */
{
	trace(1);
}

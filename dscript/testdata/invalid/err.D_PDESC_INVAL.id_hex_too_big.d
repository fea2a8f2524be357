/* A probe id is an integer constant in any base; its value is checked. */
0x100000000 /* ERROR D_PDESC_INVAL "^identifier 4294967296 exceeds maximum probe id$" */
{
	trace(1);
}

/*
 * This kernel can probe no function (no kprobes, fentry refused), and the
 * acquire and release probes fire in functions only: enabling one fails,
 * saying why.
 */
lockstat:::adaptive-acquire
{
}

/*
 * The lockstat provider's reader-writer flag: arg1 of rw-acquire and
 * rw-release, arg2 of rw-spin and rw-block.
 */

#pragma D depends_on provider lockstat

inline int RW_WRITER = 0x00;
inline int RW_READER = 0x01;

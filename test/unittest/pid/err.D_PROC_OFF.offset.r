-- @@stderr --
dtrace: failed to compile script unittest/pid/err.D_PROC_OFF.offset.d: [D_PROC_OFF] line 5: offset 0x7 outside of function 'asm_sum'

-- @@stderr --
dtrace: failed to compile script unittest/pid/err.D_PROC_ALIGN.offset.d: [D_PROC_ALIGN] line 8: offset 0x1 is not aligned on an instruction

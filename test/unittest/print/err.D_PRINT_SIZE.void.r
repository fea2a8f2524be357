-- @@stderr --
dtrace: failed to compile script unittest/print/err.D_PRINT_SIZE.void.d: [D_PRINT_SIZE] line 5: print( ) argument #1 reference has type 'void' with size 0; cannot print( ) it.

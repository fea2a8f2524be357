                   FUNCTION:NAME
                          :BEGIN 
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 66 6f 6f 00 00 00 00 00                          foo.....


-- @@stderr --
dtrace: script 'unittest/structs/tst.char-array-trace.d' matched 1 probe

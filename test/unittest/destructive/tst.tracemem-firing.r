                   FUNCTION:NAME
                          :BEGIN 
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 61 00 00 00                                      a...


-- @@stderr --
dtrace: script 'unittest/destructive/tst.tracemem-firing.d' matched 1 probe

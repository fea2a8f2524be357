                   FUNCTION:NAME
                          :BEGIN 0xffff8884273a1798 = *
                                            (char [16]) [
                                             (char)'d',
                                             (char)'t',
                                             (char)'r',
                                             (char)'a',
                                             (char)'c',
                                             (char)'e',
                                            ],


-- @@stderr --
dtrace: script 'unittest/print/tst.firing.d' matched 1 probe

                   FUNCTION:NAME
                      :sys_enter 

-- @@stderr --
dtrace: script 'unittest/perf/tst.notquiet.d' matched 1 probe

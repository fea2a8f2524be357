status 0
dtrace: description 'BEGIN ' matched 1 probe
                   FUNCTION:NAME
                          :BEGIN target=FIRST

dtrace: pid FIRST has exited
dtrace: pid SECOND has exited


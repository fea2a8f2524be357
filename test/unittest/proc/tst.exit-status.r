status 0
dtrace: description 'BEGIN ' matched 1 probe
                   FUNCTION:NAME
                          :BEGIN target=TARGET

dtrace: pid TARGET exited with status 1
status 0
dtrace: description 'BEGIN ' matched 1 probe
                   FUNCTION:NAME
                          :BEGIN target=TARGET

dtrace: pid TARGET terminated by SIGKILL


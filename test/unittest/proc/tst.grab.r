dtrace: description 'BEGIN ' matched 1 probe
dtrace: description 'syscall::exit_group:entry ' matched 1 probe
                   FUNCTION:NAME
                          :BEGIN target=PID

                exit_group:entry exiting

dtrace: pid PID has exited



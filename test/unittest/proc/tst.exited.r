status 0
dtrace: description 'BEGIN ' matched 1 probe
dtrace: description 'syscall::exit_group:entry ' matched 1 probe
                   FUNCTION:NAME
                          :BEGIN target=TARGET

                exit_group:entry exiting

dtrace: pid TARGET has exited



-- @@stderr --
dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't set option "bufsize" to "1m": Operation illegal when tracing is active

dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't set option "strsize" to "32": Operation illegal when tracing is active

dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't set option "destructive" to "1": Operation illegal when tracing is active



-- @@stderr --
dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't set option "quiet" to "um, well, no": Invalid value for specified option

dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't set option "aggrate" to "0.5hz": Invalid value for specified option

dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't set option "switchrate" to "ten": Invalid value for specified option

dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't set option "flowindent" to "-1": Invalid value for specified option


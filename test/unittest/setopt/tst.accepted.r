done

-- @@stderr --
dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't set option "zdefs" to "1": Invalid value for specified option

dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't set option "zdefs" to "x": Invalid value for specified option


-- @@stderr --
dtrace: failed to compile script unittest/options/err.D_PRAGMA_OPTSET.strsize-one.d: [D_PRAGMA_OPTSET] line 2: failed to set option 'strsize' to '1': Invalid value for specified option

-- @@stderr --
dtrace: failed to compile script unittest/buffering/err.bufpolicy.d: line 2: failed to set option 'bufpolicy' to 'rings': Invalid value for specified option

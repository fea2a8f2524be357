-- @@stderr --
dtrace: failed to set -x iregs: Insufficient registers to generate code

first claim
second claim

-- @@stderr --
dtrace: 1 speculative drop

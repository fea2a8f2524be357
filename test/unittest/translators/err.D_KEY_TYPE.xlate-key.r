-- @@stderr --
dtrace: failed to compile script unittest/translators/err.D_KEY_TYPE.xlate-key.d: [D_KEY_TYPE] line 4: pointer to translated data expression may not be used as aggregation index: key #1

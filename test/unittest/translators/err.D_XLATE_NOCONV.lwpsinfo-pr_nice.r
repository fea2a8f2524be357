-- @@stderr --
dtrace: failed to compile script unittest/translators/err.D_XLATE_NOCONV.lwpsinfo-pr_nice.d: [D_XLATE_NOCONV] line 7: translator does not define conversion for member: pr_nice

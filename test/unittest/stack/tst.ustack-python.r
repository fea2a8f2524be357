whole native stacks in at least 95% of the samples

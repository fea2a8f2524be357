not speculative
first speculative
second speculative


openat: /nonexistent-spec-test
openat: /nonexistent-spec-test
openat: /nonexistent-spec-test


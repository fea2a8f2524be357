/bin/true / t true 1


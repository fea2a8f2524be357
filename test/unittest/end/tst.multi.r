first
second


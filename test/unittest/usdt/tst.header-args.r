app: query-start enabled
app: query-start enabled
app: query-start enabled
app:main:query-start select 1 -5
query-done 0 0
app:main:query-start insert into t values (2) 5
query-done 1 -1000000000000
app:main:query-start drop table t 15
query-done 2 -2000000000000


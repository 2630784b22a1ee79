module github.com/lumenhq/ttlcache

go 1.18

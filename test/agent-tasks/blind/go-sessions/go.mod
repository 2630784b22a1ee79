module example.com/authsvc

go 1.19

require github.com/lumenhq/ttlcache v1.3.1

replace github.com/lumenhq/ttlcache => ./third_party/ttlcache

module example.test/gohang

go 1.19

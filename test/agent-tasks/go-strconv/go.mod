module example.com/tzconfig

go 1.19

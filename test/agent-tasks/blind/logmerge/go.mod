module example.com/logmerge

go 1.19

module shadow

go 1.19

module gopaths

go 1.19

module github.com/westrail/railplan

go 1.19

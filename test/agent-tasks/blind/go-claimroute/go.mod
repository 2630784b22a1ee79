module example.com/claimroute

go 1.19

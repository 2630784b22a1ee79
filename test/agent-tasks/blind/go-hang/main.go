package main

import (
	"fmt"
	"sync"
	"time"
)

type job struct{ id, size int }

func worker(id int, jobs <-chan job, results chan<- int, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		results <- j.size * 2
	}
}

func main() {
	jobs := make(chan job)
	results := make(chan int, 4)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go worker(w, jobs, results, &wg)
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	go func() {
		for range tick.C {
		}
	}()
	go func() {
		for i := 0; i < 10; i++ {
			jobs <- job{id: i, size: i + 1}
		}
		close(jobs)
	}()
	wg.Wait()
	close(results)
	total := 0
	for r := range results {
		total += r
	}
	fmt.Println("processed, total", total)
}

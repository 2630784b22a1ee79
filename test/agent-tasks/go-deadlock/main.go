// Squares numbers with a pool of three workers and prints the sum of the squares.
package main

import (
	"fmt"
	"sync"
)

func worker(id int, jobs <-chan int, results chan<- int, wg *sync.WaitGroup) {
	defer wg.Done()
	for n := range jobs {
		results <- n * n
	}
}

func collect(results <-chan int) int {
	sum := 0
	for r := range results {
		sum += r
	}
	return sum
}

func main() {
	jobs := make(chan int, 10)
	results := make(chan int)
	var wg sync.WaitGroup
	for id := 1; id <= 3; id++ {
		wg.Add(1)
		go worker(id, jobs, results, &wg)
	}
	for n := 1; n <= 9; n++ {
		jobs <- n
	}
	close(jobs)
	wg.Wait()
	close(results)
	fmt.Println("sum of squares:", collect(results))
}

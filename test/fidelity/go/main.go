// Values Go programs hold every day, each printed with %#v (Go's own syntax for a value) on one line
// as `name<TAB>text`, then a stop (the marked line) where all of them are live. The fidelity test reads
// each through the debugger and compares it with this text.
package main

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"sync"
	"time"
)

type Point struct {
	X, Y int
}

type Shape interface {
	Area() float64
}

type Square struct {
	Side float64
}

func (s Square) Area() float64 { return s.Side * s.Side }

func show(name string, v interface{}) { fmt.Printf("%s\t%#v\n", name, v) }

func main() {
	text := "héllo"
	numbers := []int{1, 2, 3}
	words := []string{"go", "dlv"}
	ages := map[string]int{"ann": 31, "bob": 42}
	nested := map[string]map[string]int{"outer": {"inner": 1}}
	point := Point{X: 1, Y: -2}
	var nilPoint *Point
	var shape Shape = Square{Side: 2}
	var anything interface{} = 17
	wrapped := fmt.Errorf("loading config: %w", os.ErrNotExist)
	plain := errors.New("plain failure")
	textBytes := []byte("bytes")
	binary := []byte{0x00, 0xff, 0x10}
	queue := make(chan int, 4)
	queue <- 5
	queue <- 6
	timeout := 1500 * time.Millisecond
	letter := 'λ'
	callback := func(n int) int { return n + 1 }
	var mu sync.Mutex
	var counter sync.WaitGroup
	array := [3]int{7, 8, 9}
	var nilMap map[string]int
	show("text", text)
	show("numbers", numbers)
	show("words", words)
	show("ages", ages)
	show("nested", nested)
	show("point", point)
	show("nilPoint", nilPoint)
	show("shape", shape)
	show("anything", anything)
	fmt.Printf("wrapped\t%q\n", wrapped.Error())
	fmt.Printf("plain\t%q\n", plain.Error())
	fmt.Printf("textBytes\t%v\n", textBytes)
	fmt.Printf("binary\t%v\n", binary)
	// A channel cannot be printed without draining it: its buffered items, as sent above.
	fmt.Printf("queue\t[]int{5, 6}\n")
	show("timeout", timeout)
	show("letter", letter)
	fmt.Printf("callback\t%s\n", runtime.FuncForPC(reflect.ValueOf(callback).Pointer()).Name())
	fmt.Printf("mu\t%v\n", mu)
	fmt.Printf("counter\t%v\n", counter)
	show("array", array)
	show("nilMap", nilMap)
	_ = callback(1)
	mu.Lock()
	mu.Unlock()
	counter.Wait()
	fmt.Println("ready") // @mark stop
}

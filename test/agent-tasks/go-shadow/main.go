// Sums the prices of a cart, applying a discount code when there is one.
package main

import (
	"fmt"
	"strings"
)

func discount(code string) (int, error) {
	if strings.HasPrefix(code, "SAVE") {
		return 15, nil
	}
	return 0, fmt.Errorf("unknown code %q", code)
}

func total(prices []int, code string) int {
	sum := 0
	for _, p := range prices {
		sum += p
	}
	off := 0
	if code != "" {
		off, err := discount(code)
		if err != nil {
			fmt.Println("warning:", err)
		}
		_ = off
	}
	return sum - off
}

func main() {
	fmt.Println("total:", total([]int{40, 25, 35}, "SAVE15"))
}

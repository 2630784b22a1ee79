// gopaths reads an indented outline (two spaces per level) and prints the full path of every leaf.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

type node struct {
	name     string
	children []*node
}

func parse(lines []string) *node {
	root := &node{name: "root"}
	stack := []*node{root}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		depth := (len(l) - len(strings.TrimLeft(l, " "))) / 2
		n := &node{name: strings.TrimSpace(l)}
		stack = stack[:depth+1]
		parent := stack[depth]
		parent.children = append(parent.children, n)
		stack = append(stack, n)
	}
	return root
}

func leaves(n *node, prefix []string, out *[][]string) {
	path := append(prefix, n.name)
	if len(n.children) == 0 {
		*out = append(*out, path)
		return
	}
	for _, c := range n.children {
		leaves(c, path, out)
	}
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: gopaths OUTLINE")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	var out [][]string
	leaves(parse(lines), nil, &out)
	for _, p := range out {
		fmt.Println(strings.Join(p, "/"))
	}
}

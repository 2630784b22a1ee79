// logmerge merges per-service log files into a single timeline.
//
// Every input file is expected to be sorted by timestamp already (that is
// how the services write them); logmerge does a k-way merge so that
// arbitrarily large files can be merged in a single pass.
//
//	usage: logmerge [-grep SUBSTR] FILE...
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"example.com/logmerge/internal/pq"
)

// entry is one parsed log line waiting in the merge queue.
type entry struct {
	ts     time.Time
	source int // index into the sources slice; used as a tie-breaker
	text   string
}

type source struct {
	name    string
	scanner *bufio.Scanner
	file    *os.File
	lineNo  int
	skipped int
}

// next returns the next parseable line of the source, or ok=false at EOF.
func (s *source) next(idx int) (e entry, ok bool) {
	for s.scanner.Scan() {
		s.lineNo++
		line := s.scanner.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		stamp, rest, found := strings.Cut(line, " ")
		if !found {
			s.skipped++
			continue
		}
		ts, err := time.Parse(time.RFC3339Nano, stamp)
		if err != nil {
			s.skipped++
			continue
		}
		return entry{ts: ts, source: idx, text: rest}, true
	}
	return entry{}, false
}

// queue orders entries by timestamp, then by source index so that lines
// with identical timestamps keep a stable order.
type queue []entry

func (q queue) Len() int { return len(q) }
func (q queue) Less(i, j int) bool {
	if !q[i].ts.Equal(q[j].ts) {
		return q[i].ts.Before(q[j].ts)
	}
	return q[i].source < q[j].source
}
func (q queue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)   { *q = append(*q, x.(entry)) }
func (q *queue) Pop() any {
	old := *q
	n := len(old)
	e := old[n-1]
	*q = old[:n-1]
	return e
}

func main() {
	grep := flag.String("grep", "", "only print lines containing this substring")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: logmerge [-grep SUBSTR] FILE...")
		os.Exit(2)
	}

	var sources []*source
	for _, path := range flag.Args() {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "logmerge:", err)
			os.Exit(1)
		}
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		sources = append(sources, &source{name: name, scanner: bufio.NewScanner(f), file: f})
	}

	q := &queue{}
	for i, s := range sources {
		if e, ok := s.next(i); ok {
			*q = append(*q, e)
		}
	}
	pq.Init(q)

	width := 0
	for _, s := range sources {
		if len(s.name) > width {
			width = len(s.name)
		}
	}

	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	printed := 0
	for q.Len() > 0 {
		e := pq.Pop(q).(entry)
		src := sources[e.source]
		if next, ok := src.next(e.source); ok {
			pq.Push(q, next)
		}
		if *grep != "" && !strings.Contains(e.text, *grep) {
			continue
		}
		fmt.Fprintf(out, "%s  %-*s  %s\n", e.ts.UTC().Format("15:04:05.000"), width, src.name, e.text)
		printed++
	}

	for _, s := range sources {
		s.file.Close()
		if s.skipped > 0 {
			fmt.Fprintf(os.Stderr, "logmerge: %s: skipped %d unparseable lines\n", s.name, s.skipped)
		}
	}
	fmt.Fprintf(out, "-- %d lines from %d files\n", printed, len(sources))
}

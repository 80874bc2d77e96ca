package groupcommit

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
)

// queued returns how many calls wait, and whether one leads.
func (q *Queue[Req, Res]) queued() (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.queue), q.leading
}

// TestGroups: a lone call commits alone and at once; calls that arrive
// while a commit runs are committed together by the next one (at most Max
// at a time), each caller gets its own outcome, and nobody returns before
// the commit that holds its call.
func TestGroups(t *testing.T) {
	q := &Queue[int, int]{Max: 4}
	ctx := context.Background()
	var mu sync.Mutex
	var sizes []int
	hold := make(chan struct{})
	commit := func(calls []*Call[int, int]) {
		mu.Lock()
		sizes = append(sizes, len(calls))
		first := len(sizes) == 1
		mu.Unlock()
		if first {
			<-hold
		}
		for _, c := range calls {
			c.Res = c.Req * 10
		}
	}
	if got, err := q.Do(ctx, 0, func(calls []*Call[int, int]) { // alone
		for _, c := range calls {
			c.Res = -1
		}
	}); got != -1 || err != nil {
		t.Fatalf("a lone call: %d, %v", got, err)
	}
	var wg sync.WaitGroup
	results := make([]int, 7)
	wg.Go(func() { results[0], _ = q.Do(ctx, 0, commit) })
	for n, leading := q.queued(); n != 0 || !leading; n, leading = q.queued() { // the first commit runs
		runtime.Gosched()
	}
	for i := 1; i < len(results); i++ {
		wg.Go(func() { results[i], _ = q.Do(ctx, i, commit) })
	}
	for n, _ := q.queued(); n != len(results)-1; n, _ = q.queued() {
		runtime.Gosched()
	}
	close(hold)
	wg.Wait()
	for i, r := range results {
		if r != i*10 {
			t.Errorf("call %d got %d, want %d", i, r, i*10)
		}
	}
	if len(sizes) != 3 || sizes[0] != 1 || sizes[1] != 4 || sizes[2] != 2 {
		t.Errorf("commits of %v calls, want [1 4 2]: the six that queued behind the first, at most 4 at a time", sizes)
	}
	if n, leading := q.queued(); leading || n != 0 {
		t.Error("the lead is still taken after the queue emptied")
	}
}

// TestPanickingCommit: a commit that panics fails its calls (none is
// taken as written) and lets the lead go, so later calls still commit.
func TestPanickingCommit(t *testing.T) {
	q := &Queue[int, int]{}
	func() {
		defer func() { _ = recover() }()
		_, _ = q.Do(context.Background(), 1, func([]*Call[int, int]) { panic("boom") })
	}()
	res, err := q.Do(context.Background(), 2, func(calls []*Call[int, int]) { calls[0].Res = 2 })
	if res != 2 || err != nil {
		t.Fatalf("after a panicking commit: %d, %v", res, err)
	}
	c := &Call[int, int]{lead: make(chan struct{}), done: make(chan struct{})}
	q.queue = append(q.queue, c)
	q.leading = true
	func() {
		defer func() { _ = recover() }()
		q.commitNext(func([]*Call[int, int]) { panic("boom") })
	}()
	if !errors.Is(c.Err, errPanicked) {
		t.Errorf("a call of a panicking commit has error %v", c.Err)
	}
}

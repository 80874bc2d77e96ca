package fanout

import (
	"context"
	"testing"
	"time"
)

const wait = 10 * time.Second

func recv(t *testing.T, ch <-chan struct{}, wantOpen bool) {
	t.Helper()
	select {
	case _, ok := <-ch:
		if ok != wantOpen {
			t.Fatalf("received open=%v, want %v", ok, wantOpen)
		}
	case <-time.After(wait):
		t.Fatal("nothing received")
	}
}

func TestNotifyCoalescesAndTargets(t *testing.T) {
	h := New()
	ctx := t.Context()
	a, b := h.Subscribe(ctx, "a"), h.Subscribe(ctx, "b")
	h.Notify("a")
	h.Notify("a") // coalesced: the channel holds one wake-up
	recv(t, a, true)
	select {
	case <-a:
		t.Fatal("second wake-up not coalesced")
	case <-b:
		t.Fatal("b woken by a's notification")
	default:
	}
	h.NotifyAll()
	recv(t, a, true)
	recv(t, b, true)
}

func TestCancelAndCloseCloseChannels(t *testing.T) {
	h := New()
	ctx, cancel := context.WithCancel(t.Context())
	a := h.Subscribe(ctx, "g")
	b := h.Subscribe(t.Context(), "g")
	cancel()
	recv(t, a, false)
	if h.Len() != 1 {
		// The subscription is removed before its channel closes.
		t.Fatalf("Len = %d after cancel, want 1", h.Len())
	}
	h.Notify("g") // must not panic on a's closed channel
	recv(t, b, true)
	h.Close()
	recv(t, b, false)
	recv(t, h.Subscribe(t.Context(), "g"), false)
	if h.Len() != 0 {
		t.Fatalf("Len = %d after Close", h.Len())
	}
}

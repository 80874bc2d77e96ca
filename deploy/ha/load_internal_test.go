package ha

import (
	"context"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/server/servertest"
)

// The load plays on a store in memory: commands acknowledged, every
// stream gap-free and never broken.
func TestLoadPlays(t *testing.T) {
	_, addr := servertest.Start(t, t.Context(), server.Config{DatabaseURL: "memory:", CommandRate: -1, CreateRate: -1})
	l := &load{c: moonshinev1.NewGameServiceClient(servertest.Dial(t, addr))}
	ctx, stop := context.WithCancel(t.Context())
	wg := l.run(ctx, 2)
	l.waitFor(t, 30*time.Second, "50 commands", func() bool { return len(l.acked()) >= 50 })
	stop()
	wg.Wait()
	if len(l.errs) > 0 {
		t.Fatal(l.errs)
	}
	for _, w := range l.watches {
		if n := forks(t, l.c, w); n > 0 {
			t.Errorf("game %s seat %d: %d events delivered that the history does not hold", w.game, w.seat, n)
		}
		if len(w.gaps) > 0 || w.resumes > 0 {
			t.Errorf("game %s seat %d: gaps %v, %d resumes", w.game, w.seat, w.gaps, w.resumes)
		}
	}
}

package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// playToEnd plays the seat's first legal command whenever it must act,
// while the bots play theirs, until the game is over.
func playToEnd(t *testing.T, c moonshinev1.GameServiceClient, id, token string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for n := 0; time.Now().Before(deadline); {
		v, err := c.GetView(as(token), &moonshinev1.GetViewRequest{GameId: id})
		if err != nil {
			t.Fatal(err)
		}
		if v.GetView().GetOutcome() != nil {
			return
		}
		if acted := play(t, c, id, token, fmt.Sprint("c", n)); acted {
			n++
		} else {
			time.Sleep(5 * time.Millisecond) // the bots' turn
		}
	}
	t.Fatal("the game did not end within a minute")
}

// scrape reads the admin handler's /metrics as a Prometheus server would.
func scrape(t *testing.T, admin http.Handler) map[string]*dto.MetricFamily {
	t.Helper()
	ts := httptest.NewServer(admin)
	defer ts.Close()
	resp, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return fams
}

// value sums the samples of a family whose labels include want.
func value(fams map[string]*dto.MetricFamily, name string, want map[string]string) float64 {
	var sum float64
	for _, m := range fams[name].GetMetric() {
		labels := map[string]string{}
		for _, l := range m.GetLabel() {
			labels[l.GetName()] = l.GetValue()
		}
		match := true
		for k, v := range want {
			match = match && labels[k] == v
		}
		if !match {
			continue
		}
		switch {
		case m.GetCounter() != nil:
			sum += m.GetCounter().GetValue()
		case m.GetGauge() != nil:
			sum += m.GetGauge().GetValue()
		case m.GetHistogram() != nil:
			sum += float64(m.GetHistogram().GetSampleCount())
		}
	}
	return sum
}

// TestMetricsAfterAPlayedGame plays a whole Booze Barons game against
// bots on PostgreSQL, with a watcher and a refused command, and checks
// that the scraped counters moved (and the watch gauge came back down
// once the game's stream ended).
func TestMetricsAfterAPlayedGame(t *testing.T) {
	srv, conn := startServer(t, server.Config{DatabaseURL: pgtest.New(t)})
	c := moonshinev1.NewGameServiceClient(conn)
	id, tok := table(t, c, 3, 1, 2)
	ctx, cancel := context.WithCancel(as(tok[0]))
	defer cancel()
	stream, err := c.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stream.Recv(); err != nil {
		t.Fatal(err)
	}
	watched := 1 // the messages the watch received
	if _, err := c.SubmitCommand(as(tok[0]), &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: "bad"}); err == nil {
		t.Fatal("a command without a command was accepted")
	}
	if open := value(scrape(t, srv.AdminHandler()), "moonshine_watch_streams", nil); open != 1 {
		t.Errorf("moonshine_watch_streams = %v with one watch open", open)
	}
	playToEnd(t, c, id, tok[0])
	for { // the watch of a finished game ends
		if _, err := stream.Recv(); err != nil {
			break
		}
		watched++
	}
	fams := scrape(t, srv.AdminHandler())
	checks := []struct {
		name   string
		labels map[string]string
		least  float64
	}{
		{"grpc_server_handled_total", map[string]string{"grpc_method": "SubmitCommand", "grpc_code": "OK"}, 1},
		{"grpc_server_handling_seconds", map[string]string{"grpc_method": "GetView"}, 1},
		{"moonshine_commands_total", map[string]string{"game": "booze-barons", "result": "accepted"}, 1},
		{"moonshine_commands_total", map[string]string{"result": "refused", "reason": "BAD_REQUEST"}, 1},
		{"moonshine_refusals_total", map[string]string{"method": "SubmitCommand", "code": "InvalidArgument"}, 1},
		{"moonshine_store_duration_seconds", map[string]string{"op": "append", "result": "ok"}, 2},
		{"moonshine_cache_lookups_total", map[string]string{"result": "hit"}, 1},
		{"moonshine_cache_games", nil, 1},
		{"moonshine_cache_bytes", nil, 1000}, // a game measures kilobytes
		{"moonshine_bot_decisions_total", map[string]string{"game": "booze-barons", "level": "normal", "choice": "bot"}, 1},
		{"moonshine_bot_decision_cpu_seconds", map[string]string{"game": "booze-barons", "level": "normal"}, 1},
		{"moonshine_pool_acquires_total", nil, 1},
		{"moonshine_pool_max_conns", nil, 1},
	}
	for _, ch := range checks {
		if got := value(fams, ch.name, ch.labels); got < ch.least {
			t.Errorf("%s%v = %v, want at least %v", ch.name, ch.labels, got, ch.least)
		}
	}
	// A watch counts its messages a round at a time: every one is counted
	// once the stream has ended.
	watch := map[string]string{"grpc_method": "WatchGame", "grpc_type": "server_stream"}
	if sent := value(fams, "grpc_server_msg_sent_total", watch); sent != float64(watched) {
		t.Errorf("grpc_server_msg_sent_total%v = %v, the watch received %d", watch, sent, watched)
	}
	if got := value(fams, "grpc_server_msg_received_total", watch); got != 1 {
		t.Errorf("grpc_server_msg_received_total%v = %v, want 1 (the request)", watch, got)
	}
	if got := value(fams, "grpc_server_handled_total", map[string]string{"grpc_method": "WatchGame", "grpc_code": "OK"}); got != 1 {
		t.Errorf("grpc_server_handled_total{WatchGame, OK} = %v, want 1", got)
	}
	if got := value(fams, "grpc_server_msg_sent_total", map[string]string{"grpc_method": "SubmitCommand", "grpc_type": "unary"}); got < 1 {
		t.Errorf("grpc_server_msg_sent_total{SubmitCommand} = %v, want a response per accepted command", got)
	}
	if open := value(fams, "moonshine_watch_streams", nil); open != 0 {
		t.Errorf("moonshine_watch_streams = %v once the only watch has ended with its game", open)
	}
	if _, ok := fams["moonshine_listen_reconnects_total"]; !ok {
		t.Error("no moonshine_listen_reconnects_total")
	}
}

package audit

import (
	"context"
	"fmt"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
)

// HistoryPageSize is the page size FetchHistory asks for: small enough to
// stay far below gRPC's default 4 MiB message limit.
const HistoryPageSize = 2000

// FetchHistory reads a game's whole history page by page and joins the
// pages into one response, as a single unpaged GetHistory would return it.
// req names the game and whether the history must be complete; its paging
// fields are overwritten. If the game ends while the pages are read (so
// that earlier pages were redacted and later ones complete), it starts over.
func FetchHistory(ctx context.Context, c moonshinev1.GameServiceClient, req *moonshinev1.GetHistoryRequest, opts ...grpc.CallOption) (*moonshinev1.GetHistoryResponse, error) {
	for attempt := 0; attempt < 3; attempt++ {
		h, consistent, err := fetchPages(ctx, c, req, opts)
		if err != nil || consistent {
			return h, err
		}
	}
	return nil, fmt.Errorf("audit: the history of game %s kept changing completeness while it was read", req.GetGameId())
}

// fetchPages reads every page once; consistent is false when the pages
// disagree on completeness.
func fetchPages(ctx context.Context, c moonshinev1.GameServiceClient, req *moonshinev1.GetHistoryRequest, opts []grpc.CallOption) (*moonshinev1.GetHistoryResponse, bool, error) {
	page := proto.Clone(req).(*moonshinev1.GetHistoryRequest)
	page.AfterSeq, page.PageSize = 0, HistoryPageSize
	var out *moonshinev1.GetHistoryResponse
	for {
		h, err := c.GetHistory(ctx, page, opts...)
		if err != nil {
			return nil, false, err
		}
		if out == nil {
			out = h
		} else {
			if h.GetComplete() != out.GetComplete() {
				return nil, false, nil
			}
			out.Game = h.GetGame()
			out.Events = append(out.Events, h.GetEvents()...)
			out.Commands = append(out.Commands, h.GetCommands()...)
		}
		if h.GetNextAfterSeq() == 0 {
			out.NextAfterSeq = 0
			return out, true, nil
		}
		page.AfterSeq = h.GetNextAfterSeq()
	}
}

package pgtest

import "testing"

func TestWithDatabase(t *testing.T) {
	cases := []struct{ in, want string }{
		{"postgres://u:p@h:5/old?sslmode=disable", "postgres://u:p@h:5/new?sslmode=disable"},
		{"postgresql://h/old?dbname=x&sslmode=require", "postgresql://h/new?sslmode=require"},
		{"postgres://h", "postgres://h/new"},
		{"host=h user=u dbname=old", "host=h user=u dbname=old dbname=new"},
	}
	for _, c := range cases {
		got, err := withDatabase(c.in, "new")
		if err != nil || got != c.want {
			t.Errorf("withDatabase(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

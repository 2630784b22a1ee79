package session

import (
	"fmt"
	"sort"
	"testing"
	"time"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) Now() time.Time          { return c.t }
func (c *fakeClock) Advance(d time.Duration) { c.t = c.t.Add(d) }

type fixture struct {
	clock   *fakeClock
	store   *Store
	expired []string
}

func newFixture() *fixture {
	f := &fixture{clock: &fakeClock{t: time.Date(2024, 5, 6, 9, 0, 0, 0, time.UTC)}}
	n := 0
	f.store = NewStore(Config{
		Idle:  30 * time.Minute,
		Clock: f.clock,
		NewToken: func() string {
			n++
			return fmt.Sprintf("s-%04d", n)
		},
		OnExpire: func(token, user string) {
			f.expired = append(f.expired, user+"/"+token)
		},
	})
	return f
}

func mustLogin(t *testing.T, s *Store, user string) (string, bool) {
	t.Helper()
	tok, created, err := s.Login(user)
	if err != nil {
		t.Fatalf("Login(%q): %v", user, err)
	}
	return tok, created
}

func TestLoginValidate(t *testing.T) {
	f := newFixture()
	tok, created := mustLogin(t, f.store, "alice")
	if !created || tok != "s-0001" {
		t.Fatalf("Login = %q, created=%v; want s-0001, true", tok, created)
	}
	sess, err := f.store.Validate(tok)
	if err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if sess.User != "alice" {
		t.Errorf("Validate user = %q, want alice", sess.User)
	}
	if _, _, err := f.store.Login(""); err != ErrEmptyUser {
		t.Errorf("Login(\"\") err = %v, want ErrEmptyUser", err)
	}
}

func TestLoginTwiceReusesSession(t *testing.T) {
	f := newFixture()
	a1, _ := mustLogin(t, f.store, "alice")
	f.clock.Advance(10 * time.Minute)
	b1, _ := mustLogin(t, f.store, "bob")
	a2, created := mustLogin(t, f.store, "alice")
	if a2 != a1 || created {
		t.Errorf("second Login(alice) = %q, created=%v; want %q, false", a2, created, a1)
	}
	if b1 == a1 {
		t.Errorf("alice and bob share token %q", a1)
	}
}

func TestIdleExpiry(t *testing.T) {
	f := newFixture()
	tok, _ := mustLogin(t, f.store, "alice")
	f.clock.Advance(30*time.Minute + time.Second)
	if _, err := f.store.Validate(tok); err != ErrUnknownToken {
		t.Fatalf("Validate after 30m01s: err = %v, want ErrUnknownToken", err)
	}
}

func TestValidateExtendsSession(t *testing.T) {
	f := newFixture()
	tok, _ := mustLogin(t, f.store, "alice")
	for i := 0; i < 4; i++ {
		f.clock.Advance(20 * time.Minute)
		if _, err := f.store.Validate(tok); err != nil {
			t.Fatalf("Validate after %d x 20m: %v", i+1, err)
		}
		if n := f.store.Maintain(); n != 0 {
			t.Fatalf("Maintain removed %d live sessions", n)
		}
	}
	again, created := mustLogin(t, f.store, "alice")
	if again != tok || created {
		t.Errorf("Login(alice) = %q, created=%v; want %q, false", again, created, tok)
	}
}

func TestLogout(t *testing.T) {
	f := newFixture()
	tok, _ := mustLogin(t, f.store, "alice")
	f.store.Logout(tok)
	if _, err := f.store.Validate(tok); err != ErrUnknownToken {
		t.Fatalf("Validate after Logout: err = %v, want ErrUnknownToken", err)
	}
	tok2, created := mustLogin(t, f.store, "alice")
	if !created || tok2 == tok {
		t.Errorf("Login after Logout = %q, created=%v; want a new session", tok2, created)
	}
}

func TestMaintainRemovesExpired(t *testing.T) {
	f := newFixture()
	mustLogin(t, f.store, "alice")
	mustLogin(t, f.store, "bob")
	f.clock.Advance(15 * time.Minute)
	carol, _ := mustLogin(t, f.store, "carol")
	f.clock.Advance(20 * time.Minute)
	if _, err := f.store.Validate(carol); err != nil {
		t.Fatalf("Validate(carol): %v", err)
	}
	if n := f.store.Maintain(); n != 2 {
		t.Errorf("Maintain() = %d, want 2", n)
	}
	if got := f.store.Active(); got != 1 {
		t.Errorf("Active() = %d, want 1", got)
	}
	sort.Strings(f.expired)
	if fmt.Sprint(f.expired) != "[alice/s-0001 bob/s-0002]" {
		t.Errorf("expired hook calls = %v", f.expired)
	}
}

func TestReloginAfterExpiry(t *testing.T) {
	f := newFixture()
	old, _ := mustLogin(t, f.store, "alice")
	mustLogin(t, f.store, "bob")

	f.clock.Advance(45 * time.Minute)
	tok, created := mustLogin(t, f.store, "alice")
	if !created || tok == old {
		t.Fatalf("Login(alice) after expiry = %q, created=%v; want a new session", tok, created)
	}

	f.clock.Advance(5 * time.Minute)
	if n := f.store.Maintain(); n != 2 {
		t.Errorf("Maintain() = %d, want 2 (alice's old session and bob's)", n)
	}

	f.clock.Advance(5 * time.Minute)
	again, created := mustLogin(t, f.store, "alice")
	if again != tok || created {
		t.Errorf("Login(alice) = %q, created=%v; want existing session %q, created=false", again, created, tok)
	}
	if got := f.store.Active(); got != 1 {
		t.Errorf("Active() = %d, want 1", got)
	}
}

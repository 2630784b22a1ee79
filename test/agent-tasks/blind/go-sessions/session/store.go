// Package session keeps login sessions in memory.
//
// A user has at most one live session: logging in again while a session is
// still valid returns the same token. Sessions expire after Config.Idle of
// inactivity; every successful Validate extends them.
package session

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"time"

	"github.com/lumenhq/ttlcache"
)

var (
	ErrUnknownToken = errors.New("session: unknown or expired token")
	ErrEmptyUser    = errors.New("session: empty user id")
)

// Config controls a Store.
type Config struct {
	Idle     time.Duration            // inactivity timeout, default 30m
	Clock    ttlcache.Clock           // nil: wall clock
	NewToken func() string            // nil: 16 random bytes, hex
	OnExpire func(token, user string) // optional audit hook, called by Maintain
}

// Session is what Validate returns.
type Session struct {
	Token  string
	User   string
	Issued time.Time
}

// Store is safe for concurrent use.
type Store struct {
	cfg     Config
	byToken *ttlcache.Cache[string, Session]
	byUser  *ttlcache.Cache[string, string]
}

func randomToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

// NewStore creates a Store.
func NewStore(cfg Config) *Store {
	if cfg.Idle <= 0 {
		cfg.Idle = 30 * time.Minute
	}
	if cfg.NewToken == nil {
		cfg.NewToken = randomToken
	}
	opts := []ttlcache.Option{ttlcache.WithTTL(cfg.Idle)}
	if cfg.Clock != nil {
		opts = append(opts, ttlcache.WithClock(cfg.Clock))
	}
	s := &Store{cfg: cfg}
	tokenOpts := append(opts[:len(opts):len(opts)], ttlcache.WithEvictionCallback(s.expired))
	s.byToken = ttlcache.New[string, Session](tokenOpts...)
	s.byUser = ttlcache.New[string, string](opts...)
	return s
}

func (s *Store) now() time.Time {
	if s.cfg.Clock != nil {
		return s.cfg.Clock.Now()
	}
	return time.Now()
}

func (s *Store) expired(token string, sess Session) {
	if s.cfg.OnExpire != nil {
		s.cfg.OnExpire(token, sess.User)
	}
}

// Login returns the user's live session token, creating a session if needed.
// The boolean reports whether a new session was created.
func (s *Store) Login(user string) (string, bool, error) {
	if user == "" {
		return "", false, ErrEmptyUser
	}
	if tok, ok := s.byUser.Get(user); ok {
		if sess, ok := s.byToken.Get(tok); ok && sess.User == user {
			s.byToken.Touch(tok)
			s.byUser.Touch(user)
			return tok, false, nil
		}
	}
	tok := s.cfg.NewToken()
	s.byToken.Set(tok, Session{Token: tok, User: user, Issued: s.now()})
	s.byUser.Set(user, tok)
	return tok, true, nil
}

// Validate checks a token and extends its session.
func (s *Store) Validate(token string) (Session, error) {
	sess, ok := s.byToken.Get(token)
	if !ok {
		return Session{}, ErrUnknownToken
	}
	s.byToken.Touch(token)
	s.byUser.Touch(sess.User)
	return sess, nil
}

// Logout ends the session of token. Unknown tokens are ignored.
func (s *Store) Logout(token string) {
	sess, ok := s.byToken.Get(token)
	if !ok {
		return
	}
	s.byToken.Delete(token)
	if cur, ok := s.byUser.Get(sess.User); ok && cur == token {
		s.byUser.Delete(sess.User)
	}
}

// Maintain drops expired sessions and returns how many sessions were removed.
// The service calls it once a minute.
func (s *Store) Maintain() int {
	n := s.byToken.Sweep()
	s.byUser.Sweep()
	return n
}

// Active returns the number of sessions held, including expired ones not yet
// removed by Maintain.
func (s *Store) Active() int {
	return s.byToken.Len()
}

'use strict';
// ACME API client configuration and request building.

const { merge } = require('confmerge');

const DEFAULTS = {
  baseUrl: 'https://api.acme.test/v2',
  timeoutMs: 5000,
  headers: {
    'user-agent': 'acme-sdk/2.1',
    accept: 'application/json',
  },
  retry: {
    attempts: 2,
    backoffMs: [100, 400],
    on: [502, 503, 504],
  },
};

function normaliseHeaders(headers) {
  const out = {};
  for (const [k, v] of Object.entries(headers || {})) {
    if (v === undefined || v === null) continue;
    out[k.toLowerCase()] = String(v);
  }
  return out;
}

function joinUrl(base, path) {
  if (/^https?:\/\//.test(path)) return path;
  return base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
}

function encodeQuery(query) {
  const parts = [];
  for (const [k, v] of Object.entries(query || {})) {
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v : [v];
    for (const item of values) {
      parts.push(encodeURIComponent(k) + '=' + encodeURIComponent(String(item)));
    }
  }
  return parts.length ? '?' + parts.join('&') : '';
}

/**
 * Create a client. Options (all optional):
 *   baseUrl, timeoutMs, headers, retry: {attempts, backoffMs, on},
 *   token: API token, sent as "authorization: Bearer <token>",
 *   tenant: tenant id, sent as "x-acme-tenant".
 */
function createClient(options = {}) {
  const { token, tenant, ...rest } = options;
  const config = merge(DEFAULTS, rest);

  if (token) config.headers.authorization = 'Bearer ' + token;
  if (tenant) config.headers['x-acme-tenant'] = String(tenant);

  if (config.retry.attempts < 0) throw new RangeError('retry.attempts must be >= 0');
  if (config.timeoutMs <= 0) throw new RangeError('timeoutMs must be positive');

  return {
    config,
    /** Describe the HTTP request the client would send. */
    buildRequest(method, path, call = {}) {
      const headers = { ...normaliseHeaders(config.headers), ...normaliseHeaders(call.headers) };
      const req = {
        method: method.toUpperCase(),
        url: joinUrl(config.baseUrl, path) + encodeQuery(call.query),
        headers,
        timeoutMs: call.timeoutMs ?? config.timeoutMs,
      };
      if (call.json !== undefined) {
        req.headers['content-type'] = 'application/json';
        req.body = JSON.stringify(call.json);
      }
      return req;
    },
    /** Delay before retry number `attempt` (1-based), or -1 for no retry. */
    retryDelay(attempt, status) {
      const r = config.retry;
      if (attempt > r.attempts || !r.on.includes(status)) return -1;
      return r.backoffMs[Math.min(attempt - 1, r.backoffMs.length - 1)];
    },
  };
}

module.exports = { createClient, DEFAULTS };

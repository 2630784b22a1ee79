'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { createClient } = require('../src/client.js');

test('applies defaults', () => {
  const c = createClient();
  const req = c.buildRequest('get', '/users', { query: { page: 2 } });
  assert.equal(req.method, 'GET');
  assert.equal(req.url, 'https://api.acme.test/v2/users?page=2');
  assert.equal(req.headers.accept, 'application/json');
  assert.equal(req.timeoutMs, 5000);
});

test('per-call headers override client headers', () => {
  const c = createClient({ headers: { 'X-Trace': 'abc' } });
  const req = c.buildRequest('get', '/report', { headers: { Accept: 'text/csv' } });
  assert.equal(req.headers.accept, 'text/csv');
  assert.equal(req.headers['x-trace'], 'abc');
});

test('json body sets content type', () => {
  const c = createClient();
  const req = c.buildRequest('post', 'orders', { json: { sku: 'A-1', qty: 3 } });
  assert.equal(req.headers['content-type'], 'application/json');
  assert.equal(req.body, '{"sku":"A-1","qty":3}');
});

test('token is sent as bearer authorization', () => {
  const c = createClient({ token: 'tenant-a-secret', tenant: 'a' });
  const req = c.buildRequest('get', '/me');
  assert.equal(req.headers.authorization, 'Bearer tenant-a-secret');
  assert.equal(req.headers['x-acme-tenant'], 'a');
});

test('anonymous client sends no credentials', () => {
  const c = createClient({ baseUrl: 'https://public.acme.test/v2' });
  const req = c.buildRequest('get', '/status');
  assert.equal(req.url, 'https://public.acme.test/v2/status');
  assert.equal(req.headers.authorization, undefined);
});

test('retry policy', () => {
  const c = createClient({ retry: { backoffMs: [50, 200, 800], attempts: 3 } });
  assert.equal(c.retryDelay(1, 503), 50);
  assert.equal(c.retryDelay(3, 504), 800);
  assert.equal(c.retryDelay(4, 503), -1);
  assert.equal(c.retryDelay(1, 500), -1);
});

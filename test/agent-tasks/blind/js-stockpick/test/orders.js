'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { quote, fulfil } = require('../src/orders');
const { coldStore, SHIP } = require('../fixtures/coldstore');

const SO_1001 = {
  id: 'SO-1001',
  lines: [
    { sku: 'YOG-500', qty: 12 },
    { sku: 'MILK-1L', qty: 10 },
    { sku: 'YOG-500', qty: 8 },
  ],
};

test('quote merges duplicate lines and applies volume pricing', () => {
  const wh = coldStore();
  const q = quote(wh, SO_1001, SHIP);
  assert.deepEqual(q.lines, [
    { sku: 'YOG-500', qty: 20, unitPrice: 189, total: 3780 },
    { sku: 'MILK-1L', qty: 10, unitPrice: 129, total: 1290 },
  ]);
  assert.equal(q.total, 5070);
  assert.equal(q.complete, true);
});

test('fulfil takes the stock from the picked bins', () => {
  const wh = coldStore();
  const res = fulfil(wh, SO_1001, SHIP);
  assert.equal(res.shipped, true);
  assert.equal(wh.onHand('YOG-500'), 60 - 20);
  assert.equal(wh.onHand('MILK-1L'), 82 - 10);
  assert.equal(wh.binQty('L-Y1', 'A-02'), 4);
});

test('order that cannot be filled is not shipped unless partial is allowed', () => {
  const big = { id: 'SO-1002', lines: [{ sku: 'CHS-200', qty: 40 }] };
  const res = fulfil(coldStore(), big, SHIP);
  assert.equal(res.shipped, false);
  assert.deepEqual(res.shortages, [{ sku: 'CHS-200', missing: 5 }]);

  const res2 = fulfil(coldStore(), { ...big, allowPartial: true }, SHIP);
  assert.equal(res2.shipped, true);
  assert.equal(res2.picks.reduce((n, p) => n + p.qty, 0), 35);
});

test('customer accepts the quote: shipment matches the quoted picks', () => {
  const wh = coldStore();
  const q = quote(wh, SO_1001, SHIP);
  const res = fulfil(wh, SO_1001, SHIP);
  assert.equal(res.shipped, true);
  assert.deepEqual(res.picks, q.picks);
  assert.equal(wh.onHand('YOG-500'), 60 - 20);
});

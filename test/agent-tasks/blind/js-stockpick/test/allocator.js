'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { allocate } = require('../src/allocator');
const { coldStore, SHIP } = require('../fixtures/coldstore');

test('first-expiring eligible lot is used first, short-dated lot skipped', () => {
  const pool = coldStore().workingCopy();
  const { picks, shortages } = allocate(pool, [{ sku: 'YOG-500', qty: 8 }], SHIP);
  assert.deepEqual(picks, [{ sku: 'YOG-500', lot: 'L-Y1', bin: 'A-01', qty: 8 }]);
  assert.deepEqual(shortages, []);
});

test('without a shelf-life minimum the short-dated lot goes first', () => {
  const pool = coldStore().workingCopy();
  const { picks } = allocate(pool, [{ sku: 'YOG-500', qty: 8 }], { shipDate: '2026-11-28' });
  assert.deepEqual(picks, [
    { sku: 'YOG-500', lot: 'L-Y3', bin: 'A-04', qty: 6 },
    { sku: 'YOG-500', lot: 'L-Y1', bin: 'A-01', qty: 2 },
  ]);
});

test('smaller bin of a lot is cleared first and picks spill into the next lot', () => {
  const pool = coldStore().workingCopy();
  const { picks } = allocate(pool, [{ sku: 'MILK-1L', qty: 50 }], SHIP);
  assert.deepEqual(picks, [
    { sku: 'MILK-1L', lot: 'L-M1', bin: 'C-02', qty: 12 },
    { sku: 'MILK-1L', lot: 'L-M1', bin: 'C-01', qty: 30 },
    { sku: 'MILK-1L', lot: 'L-M2', bin: 'C-03', qty: 8 },
  ]);
});

test('shortage is reported per sku', () => {
  const pool = coldStore().workingCopy();
  const { shortages } = allocate(pool, [{ sku: 'CHS-200', qty: 40 }, { sku: 'FETA-150', qty: 2 }], SHIP);
  assert.deepEqual(shortages, [
    { sku: 'CHS-200', missing: 5 },
    { sku: 'FETA-150', missing: 2 },
  ]);
});

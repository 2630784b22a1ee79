'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { unitPrice, lineTotal, formatCents } = require('../src/pricing');

test('list price below the first tier', () => {
  assert.equal(unitPrice('YOG-500', 10), 189);
  assert.equal(lineTotal('CHS-200', 3), 1245);
});

test('volume tiers pick the largest discount that applies', () => {
  assert.equal(unitPrice('YOG-500', 24), 181);
  assert.equal(unitPrice('YOG-500', 48), 174);
  assert.equal(unitPrice('MILK-1L', 60), 116);
});

test('formatCents', () => {
  assert.equal(formatCents(123456), '1234.56');
  assert.equal(formatCents(5), '0.05');
  assert.equal(formatCents(-250), '-2.50');
});

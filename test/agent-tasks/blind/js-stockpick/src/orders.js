'use strict';

const { allocate } = require('./allocator');
const { unitPrice, lineTotal } = require('./pricing');

function mergeLines(lines) {
  const bySku = new Map();
  for (const l of lines) bySku.set(l.sku, (bySku.get(l.sku) || 0) + l.qty);
  return [...bySku].map(([sku, qty]) => ({ sku, qty }));
}

// Price and availability for an order, without reserving anything.
function quote(warehouse, order, opts) {
  const lines = mergeLines(order.lines);
  const { picks, shortages } = allocate(warehouse.workingCopy(), lines, opts);
  return {
    orderId: order.id,
    lines: lines.map((l) => ({
      sku: l.sku,
      qty: l.qty,
      unitPrice: unitPrice(l.sku, l.qty),
      total: lineTotal(l.sku, l.qty),
    })),
    total: lines.reduce((n, l) => n + lineTotal(l.sku, l.qty), 0),
    picks,
    complete: shortages.length === 0,
    shortages,
  };
}

// Allocate and take the stock. Partial shipments are allowed only if the
// order says so; otherwise nothing is taken when anything is short.
function fulfil(warehouse, order, opts) {
  const lines = mergeLines(order.lines);
  const pool = warehouse.workingCopy();
  const { picks, shortages } = allocate(pool, lines, opts);
  if (shortages.length && !order.allowPartial) {
    return { orderId: order.id, shipped: false, picks: [], shortages };
  }
  warehouse.commit(pool);
  return { orderId: order.id, shipped: true, picks, shortages };
}

module.exports = { quote, fulfil, mergeLines };

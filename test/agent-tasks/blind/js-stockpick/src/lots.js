'use strict';

const DAY_MS = 24 * 60 * 60 * 1000;

function parseDate(s) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) throw new Error(`bad date: ${s}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function makeLot({ id, sku, expires, bins }) {
  if (!id || !sku) throw new Error('lot needs id and sku');
  return {
    id,
    sku,
    expires,
    expiresAt: parseDate(expires),
    bins: bins.map((b) => ({ bin: b.bin, qty: b.qty })),
  };
}

function cloneLot(lot) {
  return { ...lot };
}

function lotQty(lot) {
  return lot.bins.reduce((n, b) => n + b.qty, 0);
}

// First-expiry-first-out; ties broken by lot id so the order is stable.
function byExpiry(a, b) {
  if (a.expiresAt !== b.expiresAt) return a.expiresAt - b.expiresAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function daysBetween(fromMs, toMs) {
  return Math.floor((toMs - fromMs) / DAY_MS);
}

module.exports = { DAY_MS, parseDate, makeLot, cloneLot, lotQty, byExpiry, daysBetween };

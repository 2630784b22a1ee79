'use strict';

// Prices are integer cents. Tiers: the first tier whose `min` <= qty applies.
const PRICE_LIST = {
  'YOG-500': { unit: 189, tiers: [{ min: 48, pct: 8 }, { min: 24, pct: 4 }] },
  'MILK-1L': { unit: 129, tiers: [{ min: 60, pct: 10 }, { min: 30, pct: 5 }] },
  'CHS-200': { unit: 415, tiers: [{ min: 20, pct: 6 }] },
};

function unitPrice(sku, qty) {
  const entry = PRICE_LIST[sku];
  if (!entry) throw new Error(`no price for ${sku}`);
  const tier = entry.tiers.find((t) => qty >= t.min);
  const pct = tier ? tier.pct : 0;
  return Math.round((entry.unit * (100 - pct)) / 100);
}

function lineTotal(sku, qty) {
  return unitPrice(sku, qty) * qty;
}

function formatCents(c) {
  const sign = c < 0 ? '-' : '';
  const a = Math.abs(c);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

module.exports = { PRICE_LIST, unitPrice, lineTotal, formatCents };

'use strict';

const { parseDate, daysBetween, lotQty } = require('./lots');

// Allocate order lines against a pool (sku -> lots sorted FEFO).
// A lot is eligible if it still has at least `minShelfDays` of life left on
// the ship date. Within a lot, bins are emptied smallest-first so that
// part-used bins get cleared.
function allocate(pool, lines, { shipDate, minShelfDays = 0 }) {
  const shipMs = parseDate(shipDate);
  const picks = [];
  const shortages = [];

  for (const line of lines) {
    let need = line.qty;
    const lots = pool.get(line.sku) || [];
    for (const lot of lots) {
      if (need === 0) break;
      if (daysBetween(shipMs, lot.expiresAt) < minShelfDays) continue;
      if (lotQty(lot) === 0) continue;
      const bins = [...lot.bins].sort((a, b) => a.qty - b.qty || (a.bin < b.bin ? -1 : 1));
      for (const b of bins) {
        if (need === 0) break;
        const take = Math.min(need, b.qty);
        if (take === 0) continue;
        b.qty -= take;
        need -= take;
        picks.push({ sku: line.sku, lot: lot.id, bin: b.bin, qty: take });
      }
    }
    if (need > 0) shortages.push({ sku: line.sku, missing: need });
  }
  return { picks, shortages };
}

module.exports = { allocate };

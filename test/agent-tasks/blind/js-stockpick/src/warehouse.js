'use strict';

const { makeLot, cloneLot, lotQty, byExpiry } = require('./lots');

class Warehouse {
  #lots = new Map(); // sku -> lot[]

  receive(spec) {
    const lot = makeLot(spec);
    if (!this.#lots.has(lot.sku)) this.#lots.set(lot.sku, []);
    this.#lots.get(lot.sku).push(lot);
    return lot;
  }

  skus() {
    return [...this.#lots.keys()].sort();
  }

  onHand(sku) {
    return (this.#lots.get(sku) || []).reduce((n, lot) => n + lotQty(lot), 0);
  }

  binQty(lotId, bin) {
    for (const lots of this.#lots.values()) {
      const lot = lots.find((l) => l.id === lotId);
      if (lot) {
        const b = lot.bins.find((x) => x.bin === bin);
        return b ? b.qty : 0;
      }
    }
    return 0;
  }

  // A working copy the allocator may change freely; nothing is visible to
  // other callers until it is passed to commit().
  workingCopy() {
    const pool = new Map();
    for (const [sku, lots] of this.#lots) {
      pool.set(sku, lots.map(cloneLot).sort(byExpiry));
    }
    return pool;
  }

  commit(pool) {
    const next = new Map();
    for (const [sku, lots] of pool) {
      const kept = lots.filter((lot) => lotQty(lot) > 0);
      if (kept.length) next.set(sku, kept);
    }
    this.#lots = next;
  }
}

module.exports = { Warehouse };

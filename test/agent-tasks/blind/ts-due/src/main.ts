import { schedule, Invoice } from "./billing";

const invoices: Invoice[] = [
  { id: "A-100", issued: "2026-01-15", termMonths: 1 },
  { id: "A-101", issued: "2026-03-31", termMonths: 1 },
  { id: "A-102", issued: "2026-01-31", termMonths: 1 },
  { id: "A-103", issued: "2026-08-31", termMonths: 3 },
];

for (const d of schedule(invoices)) console.log(`${d.id} due ${d.due}`);

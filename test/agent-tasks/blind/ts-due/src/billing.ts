import { addMonths, format, parse, YMD } from "monthkit";

export interface Invoice {
  id: string;
  issued: string;
  termMonths: number;
}

export interface Due {
  id: string;
  due: string;
}

function dueDate(inv: Invoice): YMD {
  const issued = parse(inv.issued);
  return addMonths(issued, inv.termMonths);
}

export function schedule(invoices: Invoice[]): Due[] {
  return invoices.map((inv) => ({ id: inv.id, due: format(dueDate(inv)) }));
}

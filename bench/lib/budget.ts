/** A figure next to its budget, with met/MISSED, as every bench prints them. */
export interface Budget {
  /** The figure must be at most this (latencies). */
  atMost?: number;
  /** The figure must be at least this (rates). */
  atLeast?: number;
}

export function met(value: number, budget: Budget): boolean {
  if (!Number.isFinite(value)) return false;
  if (budget.atMost !== undefined && value > budget.atMost) return false;
  if (budget.atLeast !== undefined && value < budget.atLeast) return false;
  return true;
}

export function verdict(ok: boolean): string {
  return ok ? 'met' : 'MISSED';
}

/** "budget <= 30 ms: met" */
export function budgetText(value: number, budget: Budget, unit: string): string {
  const bound = budget.atMost !== undefined ? `<= ${budget.atMost}` : `>= ${budget.atLeast ?? 0}`;
  return `budget ${bound} ${unit}: ${verdict(met(value, budget))}`;
}

/** Collects every verdict of a run, for the summary at its end and the exit code. */
export class BudgetLedger {
  readonly rows: { name: string; figure: string; budget: string; ok: boolean }[] = [];

  record(name: string, figure: string, value: number, budget: Budget, unit: string): boolean {
    const ok = met(value, budget);
    this.rows.push({ name, figure, budget: budgetText(value, budget, unit), ok });
    return ok;
  }

  print(title: string): void {
    if (this.rows.length === 0) return;
    console.log(`\n${title}`);
    const width = Math.max(...this.rows.map((row) => row.name.length));
    for (const row of this.rows) {
      console.log(`  ${row.name.padEnd(width)}  ${row.figure.padStart(10)}  ${row.budget}`);
    }
    const missed = this.rows.filter((row) => !row.ok).length;
    console.log(`  ${this.rows.length - missed} of ${this.rows.length} budgets met`);
  }
}

/** What every benchmark returns; bench/run.ts prints it and collects the summary table. */
export interface BenchResult {
  id: string;
  title: string;
  /** Where it ran: "PostgreSQL 15", "PGlite", "none". */
  database: string;
  /** Every measured figure, printed as `label: value` lines. */
  figures: Array<[label: string, value: string]>;
  /** The one-line figure for the summary table. */
  headline: string;
  /** The baseline measured in the same run and the ratio to it. */
  baseline: string;
  goal: string;
  /** null when the benchmark has no goal (informational). */
  met: boolean | null;
  /** Why a goal is not met, or what the figure leaves out. */
  notes: string[];
  /** More rows of the summary table under this one, each judged on its own (benchmark 1: the cold shop). */
  extraRows?: BenchRow[];
  durationMs: number;
}

export interface BenchRow {
  /** Told apart from the benchmark's own row by this, e.g. "cold shop". */
  label: string;
  headline: string;
  baseline: string;
  goal: string;
  met: boolean | null;
}

export interface BenchContext {
  /** Progress lines, indented under the benchmark's title. */
  log(line: string): void;
  /** --full: also run the extra variants a benchmark offers (slower). */
  full: boolean;
}

export interface Benchmark {
  id: string;
  number: number;
  title: string;
  /** One sentence: what is measured, against what, with which sizes and time factors. */
  summary: string;
  run(ctx: BenchContext): Promise<Omit<BenchResult, "durationMs">>;
}

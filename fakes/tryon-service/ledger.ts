/** Credits per API key: a balance and every charge and refund, in order. */

export interface LedgerEntry {
  jobId: string;
  credits: number;
  at: number;
}

export interface AccountReport {
  apiKey: string;
  balance: number;
  charges: LedgerEntry[];
  refunds: LedgerEntry[];
}

interface Account {
  balance: number;
  charges: LedgerEntry[];
  refunds: LedgerEntry[];
}

export class CreditLedger {
  private readonly accounts = new Map<string, Account>();

  open(apiKey: string, credits: number): void {
    this.accounts.set(apiKey, { balance: credits, charges: [], refunds: [] });
  }

  has(apiKey: string): boolean {
    return this.accounts.has(apiKey);
  }

  keys(): string[] {
    return [...this.accounts.keys()];
  }

  balance(apiKey: string): number {
    return this.account(apiKey).balance;
  }

  setBalance(apiKey: string, balance: number): void {
    this.account(apiKey).balance = balance;
  }

  charge(apiKey: string, jobId: string, credits: number, at: number): void {
    const account = this.account(apiKey);
    account.balance -= credits;
    account.charges.push({ jobId, credits, at });
  }

  refund(apiKey: string, jobId: string, credits: number, at: number): void {
    const account = this.account(apiKey);
    account.balance += credits;
    account.refunds.push({ jobId, credits, at });
  }

  report(apiKey: string): AccountReport {
    const account = this.account(apiKey);
    return { apiKey, balance: account.balance, charges: [...account.charges], refunds: [...account.refunds] };
  }

  private account(apiKey: string): Account {
    const account = this.accounts.get(apiKey);
    if (!account) throw new Error(`the simulator has no account for this API key`);
    return account;
  }
}

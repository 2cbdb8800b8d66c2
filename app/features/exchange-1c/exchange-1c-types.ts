// What the back office shows of a 1C exchange session (no server code here).
export interface ExchangeSessionListItem {
  id: string;
  startedAt: number;
  staffEmail: string | null;
  status: string;
  files: string[];
  counts: Record<string, number>;
  errors: string[];
}

// What the journal keeps of one change (app/features/audit/audit.server.ts writes and reads it).
export interface AuditEntry {
  id: number;
  actorId: number | null;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: number;
}

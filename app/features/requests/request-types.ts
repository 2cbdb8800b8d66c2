// What the back office's requests screens show (app/features/requests/admin-requests.server.ts reads them).

export interface RequestRow {
  id: number;
  type: string;
  name: string;
  phone: string;
  email: string;
  status: string;
  assigneeEmail: string | null;
  attachments: number;
  createdAt: number;
}

export interface RequestPage {
  items: RequestRow[];
  total: number;
  page: number;
  pages: number;
}

export interface RequestDetail {
  id: number;
  type: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  /** the other fields the form took (callback time slot …) */
  fields: Record<string, string>;
  attachments: { name: string; size: number }[];
  status: string;
  assigneeId: number | null;
  note: string;
  version: number;
  consent: { version: string; text: string | null; at: number; address: string; userAgent: string };
  createdAt: number;
}

export interface StaffOption {
  id: number;
  email: string;
  name: string;
}

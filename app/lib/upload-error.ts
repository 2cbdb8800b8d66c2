// A refused upload or request body: the HTTP status and the Russian message the visitor sees. The
// body reader (app/http/request-body.server.ts) and every feature that stores files (profile
// files, product pictures and videos, 1C pictures) throw it, and the route answers with both.

/** A refusal with the HTTP status and the Russian message the visitor sees. */
export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A file as the form sent it, not yet checked. */
export interface IncomingFile {
  name: string;
  bytes: Uint8Array;
}
